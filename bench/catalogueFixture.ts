import type { AppDeps } from '../server/appDeps';
import { producerStreamId } from '../server/domain/producer/producerEvents';
import { productStreamId } from '../server/domain/product/productEvents';
import { DEMO_PRODUCERS, demoListings } from '../server/seed/demoCatalogue';

const BATCH = 1_000;

/**
 * A catalogue of `count` beats for benchmarks, built the way production builds it: events appended
 * to each product's stream, then projected. Far too big for `npm start`; the demo seed stays small.
 */
export async function generateCatalogueFixture(deps: AppDeps, count: number, progress: (line: string) => void): Promise<void> {
  for (const profile of DEMO_PRODUCERS) {
    await deps.eventStore.append(producerStreamId(profile.producerId), [{ type: 'ProducerProfileCreated', data: profile }], { expectedVersion: 0 });
  }
  const listings = demoListings(count);
  for (let at = 0; at < listings.length; at += BATCH) {
    await Promise.all(
      listings
        .slice(at, at + BATCH)
        .map((listing) => deps.eventStore.append(productStreamId(listing.productId), [{ type: 'ProductListed', data: listing }], { expectedVersion: 0 })),
    );
    await deps.projector.catchUp();
    if ((at / BATCH) % 20 === 19) progress(`  fixture: ${at + BATCH}/${count} products`);
  }
}
