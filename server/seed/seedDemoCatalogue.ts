import type { AppDeps } from '../appDeps';
import { normalizeCouponCode, saveProducerCoupon } from '../commerce/coupons';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { couponStreamId } from '../domain/coupon/couponEvents';
import { producerDecider } from '../domain/producer/producerDecider';
import { type ProducerProfile, producerStreamId } from '../domain/producer/producerEvents';
import { productDecider } from '../domain/product/productDecider';
import { type ProductListing, productStreamId } from '../domain/product/productEvents';
import { type Logger, silentLogger } from '../logging/logger';
import type { RenderedPreview } from '../media/loopSpec';
import { renderPreviews } from '../media/renderPreviews';
import { createMediaStorage, type MediaStorageSettings } from '../media/storage/openMediaStorage';
import { seedDemoActivity } from './demoActivity/seedDemoActivity';
import { withDemoArt } from './demoArt';
import { DEMO_COUPONS, DEMO_PRODUCERS, demoListings, demoLoops, demoSamplePacks, demoStoreItems, STORE_PRODUCER } from './demoCatalogue';
import { type DemoSeedStage, demoSeedJournal } from './demoSeedJournal';
import { seedCrashPoint } from './seedCrashPoints';

export { demoListings } from './demoCatalogue';

export interface SeedOptions {
  /** The media storage previews and art are written to (`previews/<id>.mp3`, `covers/<key>/`); without it the demo products have no audio and no art. */
  media?: MediaStorageSettings;
  /** With the catalogue, a month of generated shop activity before now (DEMO_ACTIVITY; issue 13), so the reports show something. */
  activity?: boolean;
}

/** Every N-th beat already found its buyer, so the storefront shows sold beats from the start. */
const SOLD_EVERY_NTH_BEAT = 16;

/** The demo catalogue as the seed writes it, before its previews and art. */
function demoCatalogue() {
  const tracks = demoListings();
  const packs = demoSamplePacks(tracks.length + 1);
  return {
    producers: [...DEMO_PRODUCERS, STORE_PRODUCER],
    tracks,
    packs,
    listings: [...tracks, ...packs, ...demoStoreItems(tracks.length + packs.length + 1)],
    sold: tracks.filter((_, index) => index % SOLD_EVERY_NTH_BEAT === 4),
  };
}
type DemoCatalogue = ReturnType<typeof demoCatalogue>;

/** What of the demo catalogue the database does not hold yet. */
interface Unwritten {
  producers: ProducerProfile[];
  listings: ProductListing[];
  /** Listed beats the catalogue has sold, not sold yet. */
  sales: ProductListing[];
  coupons: typeof DEMO_COUPONS;
}

async function keep<T>(items: readonly T[], test: (item: T) => Promise<boolean>): Promise<T[]> {
  const kept: T[] = [];
  for (const item of items) if (await test(item)) kept.push(item);
  return kept;
}

async function unwritten(deps: AppDeps, catalogue: DemoCatalogue): Promise<Unwritten> {
  const missing = async (streamId: string) => (await deps.eventStore.readLastEvent(streamId)) === null;
  return {
    producers: await keep(catalogue.producers, (profile) => missing(producerStreamId(profile.producerId))),
    listings: await keep(catalogue.listings, (listing) => missing(productStreamId(listing.productId))),
    sales: await keep(catalogue.sold, async (beat) => {
      const { state } = await aggregateStream(deps.eventStore, productStreamId(beat.productId), productDecider);
      return state.status === 'listed' && state.soldTo === null;
    }),
    coupons: await keep(DEMO_COUPONS, (coupon) => missing(couponStreamId(normalizeCouponCode(coupon.code)))),
  };
}

const nothingLeft = (todo: Unwritten) => todo.producers.length + todo.listings.length + todo.sales.length + todo.coupons.length === 0;

async function renderDemoPreviews(media: MediaStorageSettings, log: Logger): Promise<Map<string, RenderedPreview>> {
  const loops = demoLoops();
  const started = performance.now();
  log.info({ total: loops.length }, `Rendering ${loops.length} demo previews…`);
  let reported = 0;
  const previews = await renderPreviews(loops, media, (done, total) => {
    // One line per tenth keeps the terminal readable.
    if (done === total || done - reported >= Math.ceil(total / 10)) {
      reported = done;
      log.info({ done, total }, `previews ${done}/${total}`);
    }
  });
  log.info({ total: loops.length }, `${loops.length} previews ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return previews;
}

/** Beats and sample packs with the preview of their loop (tracks take loops in turn, packs every fifth). */
function withPreviews(catalogue: DemoCatalogue, previews: Map<string, RenderedPreview>): Map<number, ProductListing> {
  const loops = demoLoops();
  const withPreview = (listing: ProductListing, index: number): ProductListing => {
    const preview = previews.get(loops[index % loops.length]!.id);
    return preview ? { ...listing, preview: { src: preview.src, durationSeconds: preview.durationSeconds, peaks: preview.peaks } } : listing;
  };
  const heard = [...catalogue.tracks.map(withPreview), ...catalogue.packs.map((pack, index) => withPreview(pack, index * 5))];
  return new Map(heard.map((listing) => [listing.productId, listing]));
}

/**
 * Writes what of the demo catalogue is not written yet: producers, beats, sample packs, the EDM
 * contacts list and the PRO membership, the beats sold from the start, the producers' coupons.
 * Each is looked for by its own id first, so a catalogue an interrupted start (`begunBefore`)
 * left half written is completed, and nothing is written twice.
 */
async function seedCatalogue(deps: AppDeps, log: Logger, options: SeedOptions, begunBefore: boolean): Promise<void> {
  const catalogue = demoCatalogue();
  const todo = await unwritten(deps, catalogue);
  const total = catalogue.listings.length;
  if (begunBefore) log.info({ listed: total - todo.listings.length, total }, `Resuming the demo seed: ${total - todo.listings.length} of ${total} products listed`);
  // Media only for what is still to list: previews and art an interrupted start stored are reused.
  const media = options.media && (todo.producers.length > 0 || todo.listings.length > 0) ? options.media : null;
  const heard = media && todo.listings.some((listing) => listing.productType === 'track' || listing.productType === 'samplepack') ? withPreviews(catalogue, await renderDemoPreviews(media, log)) : new Map();
  const plain = { listings: todo.listings.map((listing) => heard.get(listing.productId) ?? listing), producers: todo.producers };
  const { listings, producers } = media ? await withDemoArt(createMediaStorage(media), plain.listings, plain.producers, log) : plain;

  const started = performance.now();
  log.info({ total: listings.length }, `Listing the demo catalogue: ${listings.length} products…`);
  for (const profile of producers) {
    await handleCommand(deps.eventStore, producerStreamId(profile.producerId), producerDecider, { type: 'CreateProducerProfile', profile });
  }
  const position = new Map(catalogue.listings.map((listing, index) => [listing.productId, index + 1]));
  for (const listing of listings) {
    await handleCommand(deps.eventStore, productStreamId(listing.productId), productDecider, { type: 'ListProduct', listing });
    const listed = position.get(listing.productId)!;
    if (listed % 100 === 0) log.info({ listed, total }, `listed ${listed}/${total} products`);
    if (listed === 100) await seedCrashPoint(deps.config, 'demo-catalogue');
  }
  for (const beat of (await unwritten(deps, catalogue)).sales) {
    await handleCommand(deps.eventStore, productStreamId(beat.productId), productDecider, {
      type: 'SellProduct',
      productId: beat.productId,
      orderId: `demo-order-${beat.productId}`,
    });
  }
  for (const coupon of todo.coupons) await saveProducerCoupon(deps, coupon);
  await deps.projector.catchUp();
  log.info(
    `Seeded the demo catalogue in ${((performance.now() - started) / 1000).toFixed(1)} s: ${catalogue.tracks.length} tracks (${catalogue.sold.length} sold), ` +
      `${catalogue.packs.length} sample packs, EDM contacts and PRO membership from ${DEMO_PRODUCERS.length} producers, ${DEMO_COUPONS.length} producer coupons`,
  );
}

/**
 * Where a database without a journal stands: an empty one begins its seed. One seeded before the
 * journal was kept is done, unless its seed was interrupted in the catalogue (the month came
 * after it): that seed is finished now, month and all.
 */
async function firstStage(deps: AppDeps): Promise<DemoSeedStage> {
  const seededBefore = (await deps.eventStore.headPosition()) > 0 && nothingLeft(await unwritten(deps, demoCatalogue()));
  return seededBefore ? 'done' : 'catalogue';
}

/**
 * Seeds the demo catalogue into a new database: producers, beats, sample packs, the EDM contacts
 * list and the PRO membership, and with `activity` the month of shop activity before now. The
 * seed's journal (demoSeedJournal.ts) says how far it got, so a start after an interrupted one
 * (Ctrl-C, a crash, a kill -9 during the first start) finishes it; a database it finished is left
 * alone.
 */
export function seedDemoCatalogue(deps: AppDeps, log: Logger = silentLogger, options: SeedOptions = {}): Promise<void> {
  // Servers starting together on one database: one seeds, the others then find it seeded.
  return deps.database.exclusively('seed-demo-catalogue', () => seedOrResume(deps, log, options));
}

async function seedOrResume(deps: AppDeps, log: Logger, options: SeedOptions): Promise<void> {
  const journal = demoSeedJournal(deps.database, deps.clock);
  const recorded = (await journal.stage.read())?.stage;
  if (recorded === 'done') return;
  const begunBefore = recorded !== undefined || (await deps.eventStore.headPosition()) > 0;
  let stage = recorded ?? (await firstStage(deps));
  if (recorded === undefined) await journal.stage.write({ stage });
  if (stage === 'catalogue') {
    if (!begunBefore) log.info('Seeding the demo shop into the new database: minutes on a small machine. Ctrl-C is safe: the next start finishes it.');
    await seedCatalogue(deps, log, options, begunBefore);
    // The month only ever follows a catalogue this seed wrote: an established shop never gets one.
    stage = options.activity ? 'month' : 'done';
    await journal.stage.write({ stage });
  }
  if (stage === 'month') {
    if (!options.activity) {
      log.info('The demo month is unfinished: a start with DEMO_ACTIVITY on finishes it');
      return;
    }
    // Under the same lock as the catalogue: servers starting together seed one month, not one each.
    await seedDemoActivity(deps, log);
    await journal.stage.write({ stage: 'done' });
  }
}
