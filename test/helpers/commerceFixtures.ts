import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../../server/appDeps';
import { handleCommand } from '../../server/domain/commandHandler';
import { producerDecider } from '../../server/domain/producer/producerDecider';
import { producerStreamId } from '../../server/domain/producer/producerEvents';
import { productDecider } from '../../server/domain/product/productDecider';
import { type ProductListing, productStreamId } from '../../server/domain/product/productEvents';
import { DEMO_PRODUCERS, demoListings, demoSamplePacks, demoStoreItems, STORE_PRODUCER } from '../../server/seed/demoCatalogue';

const preview = { src: '/media/previews/shop-beat.mp3', durationSeconds: 30, peaks: [0, 0.5, 1] };
/** Stands in for a rendered preview: the download must hand back exactly these bytes. */
export const SHOP_AUDIO = Buffer.from('ID3\u0004\u0000\u0000shop beat audio', 'utf8');

/** Stands in for the shop's beats' rendered masters (server/commerce/demoMasters.ts renders real ones): delivered byte for byte. */
export const SHOP_MASTER = Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVEshop beat master', 'latin1');

/** Writes the shop's audio under MEDIA_DIR, where delivery reads the beats' files: the preview, and the beats' masters as if rendered. */
export function writeShopMedia(mediaDir: string): void {
  fs.mkdirSync(path.join(mediaDir, 'previews'), { recursive: true });
  fs.writeFileSync(path.join(mediaDir, 'previews', 'shop-beat.mp3'), SHOP_AUDIO);
  fs.mkdirSync(path.join(mediaDir, 'private', 'masters'), { recursive: true });
  for (const productId of [1, 3]) fs.writeFileSync(path.join(mediaDir, 'private', 'masters', `${productId}.wav`), SHOP_MASTER);
}

/** A small shop for the checkout suites: listed through the product aggregate, as the real catalogue is. */
export const SHOP = {
  /** A beat with a project file: $199 + $49 (producer 1); sells once. */
  beat: { ...demoListings(1)[0]!, productId: 1, producerId: 1, name: 'Night Drive', priceCents: 19_900, projectFilePriceCents: 4_900, preview },
  /** A sample pack without a project file: $250 (producer 2); sells to every buyer. */
  pack: { ...demoSamplePacks(2)[0]!, productId: 2, producerId: 2, name: 'Velvet Hearts Kit', priceCents: 25_000, projectFilePriceCents: null, preview },
  /** A second beat (producer 2), $300. */
  beat2: { ...demoListings(1)[0]!, productId: 3, producerId: 2, name: 'Neon Rain', priceCents: 30_000, projectFilePriceCents: 5_000, preview },
  samplePack: { ...demoSamplePacks(4)[0]!, productId: 4, producerId: 3, priceCents: 19_900, preview },
  contacts: { ...demoStoreItems(5)[0]!, productId: 5 },
  proMembership: { ...demoStoreItems(5)[1]!, productId: 6 },
} satisfies Record<string, ProductListing>;

/** Sample packs 101.. for tests that need many distinct products. */
export const manyPacks = (count: number): ProductListing[] =>
  Array.from({ length: count }, (_, index) => ({ ...SHOP.pack, productId: 101 + index, name: `Pack ${index + 1}`, priceCents: 10_000 + index * 100 }));

export async function listShop(deps: AppDeps, extra: ProductListing[] = []): Promise<void> {
  for (const profile of [...DEMO_PRODUCERS.slice(0, 3), STORE_PRODUCER]) {
    await handleCommand(deps.eventStore, producerStreamId(profile.producerId), producerDecider, { type: 'CreateProducerProfile', profile });
  }
  await listProducts(deps, [...Object.values(SHOP), ...extra]);
}

/** More products for a shop already listed; the catalogue shows them when this resolves. */
export async function listProducts(deps: AppDeps, listings: ProductListing[]): Promise<void> {
  for (const listing of listings) {
    await handleCommand(deps.eventStore, productStreamId(listing.productId), productDecider, { type: 'ListProduct', listing });
  }
  await deps.projector.catchUp();
}
