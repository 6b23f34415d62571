import type { ProducerProfile } from '../domain/producer/producerEvents';
import type { ProductListing } from '../domain/product/productEvents';
import type { Logger } from '../logging/logger';
import { renderCoverArt, renderProducerArt } from '../media/images/art/renderArt';
import type { MediaStorage } from '../media/storage/mediaStorage';

/** Images in flight at once: sharp encodes on its own threads, and a few keep both cores busy without holding every raster in memory. */
const IN_FLIGHT = 4;

async function inPool<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, runner));
  return results;
}

/**
 * Gives every demo product its generated cover and every producer an avatar (and a banner beside
 * it), written under `covers/` in media storage; files from an earlier run are reused.
 */
export async function withDemoArt(
  media: MediaStorage,
  listings: readonly ProductListing[],
  producers: readonly ProducerProfile[],
  log: Logger,
): Promise<{ listings: ProductListing[]; producers: ProducerProfile[] }> {
  const started = performance.now();
  log.info({ products: listings.length, producers: producers.length }, `Drawing art for ${listings.length} products and ${producers.length} producers…`);
  const covers = await inPool(listings, (listing) => renderCoverArt(media, listing));
  const avatars = await inPool(producers, (producer) => renderProducerArt(media, producer.producerId));
  log.info(
    { products: listings.length, producers: producers.length },
    `art for ${listings.length} products and ${producers.length} producers ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    listings: listings.map((listing, index) => ({ ...listing, coverImageSrc: covers[index]! })),
    producers: producers.map((producer, index) => ({ ...producer, avatarSrc: avatars[index]! })),
  };
}
