import type { AppDeps } from '../../server/appDeps';
import { handleCommand } from '../../server/domain/commandHandler';
import { producerDecider } from '../../server/domain/producer/producerDecider';
import { producerStreamId } from '../../server/domain/producer/producerEvents';
import { productDecider } from '../../server/domain/product/productDecider';
import { type ProductListing, productStreamId } from '../../server/domain/product/productEvents';
import { DEMO_PRODUCERS, demoListings, demoSamplePacks, demoStoreItems, STORE_PRODUCER } from '../../server/seed/demoCatalogue';

/** A small shop for the checkout suites: listed through the product aggregate, as the real catalogue is. */
export const SHOP = {
  /** Exclusive beat with a project file: $199 + $49 (producer 1). */
  exclusive: { ...demoListings(1)[0]!, productId: 1, producerId: 1, name: 'Night Drive', exclusive: true, priceCents: 19_900, projectFilePriceCents: 4_900 },
  /** Lease beat without a project file: $250 (producer 2). */
  lease: { ...demoListings(1)[0]!, productId: 2, producerId: 2, name: 'Velvet Hearts', exclusive: false, priceCents: 25_000, projectFilePriceCents: null },
  /** A second exclusive (producer 2), $300. */
  exclusive2: { ...demoListings(1)[0]!, productId: 3, producerId: 2, name: 'Neon Rain', exclusive: true, priceCents: 30_000, projectFilePriceCents: 5_000 },
  samplePack: { ...demoSamplePacks(4)[0]!, productId: 4, producerId: 3, priceCents: 19_900 },
  contacts: { ...demoStoreItems(5)[0]!, productId: 5 },
  proMembership: { ...demoStoreItems(5)[1]!, productId: 6 },
} satisfies Record<string, ProductListing>;

/** Lease beats 101.. for tests that need many distinct products. */
export const manyLeases = (count: number): ProductListing[] =>
  Array.from({ length: count }, (_, index) => ({ ...SHOP.lease, productId: 101 + index, name: `Lease ${index + 1}`, priceCents: 10_000 + index * 100 }));

export async function listShop(deps: AppDeps, extra: ProductListing[] = []): Promise<void> {
  for (const profile of [...DEMO_PRODUCERS.slice(0, 3), STORE_PRODUCER]) {
    await handleCommand(deps.eventStore, producerStreamId(profile.producerId), producerDecider, { type: 'CreateProducerProfile', profile });
  }
  for (const listing of [...Object.values(SHOP), ...extra]) {
    await handleCommand(deps.eventStore, productStreamId(listing.productId), productDecider, { type: 'ListProduct', listing });
  }
  await deps.projector.catchUp();
}
