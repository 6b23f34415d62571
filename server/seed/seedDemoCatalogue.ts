import type { AppDeps } from '../appDeps';
import { handleCommand } from '../domain/commandHandler';
import { producerDecider } from '../domain/producer/producerDecider';
import { producerStreamId } from '../domain/producer/producerEvents';
import { productDecider } from '../domain/product/productDecider';
import { type ProductListing, productStreamId } from '../domain/product/productEvents';
import type { RenderedPreview } from '../media/loopSpec';
import { renderPreviews } from '../media/renderPreviews';
import { createMediaStorage, type MediaStorageSettings } from '../media/storage/openMediaStorage';
import { saveProducerCoupon } from '../commerce/coupons';
import { seedDemoActivity } from './demoActivity/seedDemoActivity';
import { withDemoArt } from './demoArt';
import { DEMO_COUPONS, DEMO_PRODUCERS, demoListings, demoLoops, demoSamplePacks, demoStoreItems, STORE_PRODUCER } from './demoCatalogue';

export { demoListings } from './demoCatalogue';

export interface SeedOptions {
  /** The media storage previews and art are written to (`previews/<id>.mp3`, `covers/<key>/`); without it the demo products have no audio and no art. */
  media?: MediaStorageSettings;
  /** With the catalogue, a month of generated shop activity before now (DEMO_ACTIVITY; issue 13), so the reports show something. */
  activity?: boolean;
}

/** Every N-th beat already found its buyer, so the storefront shows sold beats from the start. */
const SOLD_EVERY_NTH_BEAT = 16;

async function renderDemoPreviews(media: MediaStorageSettings, log: (line: string) => void): Promise<Map<string, RenderedPreview>> {
  const loops = demoLoops();
  const started = performance.now();
  let reported = 0;
  const previews = await renderPreviews(loops, media, (done, total) => {
    // One line per tenth keeps the terminal readable.
    if (done === total || done - reported >= Math.ceil(total / 10)) {
      reported = done;
      log(`  previews ${done}/${total}`);
    }
  });
  log(`  ${loops.length} previews ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return previews;
}

/**
 * Seeds the demo catalogue into an empty database: producers, beats, sample packs, the EDM contacts
 * list and the PRO membership, and with `activity` the month of shop activity before now. A
 * database that already has producers is left alone.
 */
export function seedDemoCatalogue(deps: AppDeps, log: (line: string) => void = () => undefined, options: SeedOptions = {}): Promise<number> {
  // Servers starting together on one empty database: one seeds, the others then find it seeded.
  return deps.database.exclusively('seed-demo-catalogue', () => seedEmptyDatabase(deps, log, options));
}

async function seedEmptyDatabase(deps: AppDeps, log: (line: string) => void, options: SeedOptions): Promise<number> {
  const existing = await deps.eventStore.readAll({ types: ['ProducerProfileCreated'], limit: 1 });
  if (existing.length > 0) return 0;
  const previews = options.media ? await renderDemoPreviews(options.media, log) : new Map<string, RenderedPreview>();
  const loops = demoLoops();
  const withPreview = (listing: ProductListing, index: number): ProductListing => {
    const preview = previews.get(loops[index % loops.length]!.id);
    return preview ? { ...listing, preview: { src: preview.src, durationSeconds: preview.durationSeconds, peaks: preview.peaks } } : listing;
  };

  // A database from before the catalogue issue holds the first 16 beats already: they stay as listed.
  const missing = async (streamId: string) => (await deps.eventStore.readLastEvent(streamId)) === null;
  const tracks = demoListings().map(withPreview);
  const packs = demoSamplePacks(tracks.length + 1).map((pack, index) => withPreview(pack, index * 5));
  const plain = { listings: [...tracks, ...packs, ...demoStoreItems(tracks.length + packs.length + 1)], producers: [...DEMO_PRODUCERS, STORE_PRODUCER] };
  const { listings, producers } = options.media ? await withDemoArt(createMediaStorage(options.media), plain.listings, plain.producers, log) : plain;
  for (const profile of producers) {
    await handleCommand(deps.eventStore, producerStreamId(profile.producerId), producerDecider, { type: 'CreateProducerProfile', profile });
  }
  for (const [index, listing] of listings.entries()) {
    if (!(await missing(productStreamId(listing.productId)))) continue;
    await handleCommand(deps.eventStore, productStreamId(listing.productId), productDecider, { type: 'ListProduct', listing });
    if ((index + 1) % 100 === 0) log(`  listed ${index + 1}/${listings.length} products`);
  }
  const sold = tracks.filter((_, index) => index % SOLD_EVERY_NTH_BEAT === 4);
  for (const listing of sold) {
    await handleCommand(deps.eventStore, productStreamId(listing.productId), productDecider, {
      type: 'SellProduct',
      productId: listing.productId,
      orderId: `demo-order-${listing.productId}`,
    });
  }
  for (const coupon of DEMO_COUPONS) await saveProducerCoupon(deps, coupon);
  await deps.projector.catchUp();
  log(
    `Seeded the demo catalogue: ${tracks.length} tracks (${sold.length} sold), ${packs.length} sample packs, ` +
      `EDM contacts and PRO membership from ${DEMO_PRODUCERS.length} producers, ${DEMO_COUPONS.length} producer coupons`,
  );
  // Under the same lock as the catalogue: servers starting together seed one month, not one each.
  if (options.activity) await seedDemoActivity(deps, log);
  return listings.length;
}
