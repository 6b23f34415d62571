import { sql } from 'kysely';
import { replaySession } from '../../../shared/actionLog/replay';
import type { ShopReport } from '../../../shared/schemas/analyticsReports';
import { deriveAnalytics } from '../../../test/helpers/analyticsReader';
import { logger } from '../../logging/logger';
import { capturedLog } from '../../../test/helpers/logLines';
import { startTestApp, type TestApp } from '../../../test/helpers/testApp';
import { readActionLog } from '../../actionLog/actionLogStore';
import { resolveReportRange } from '../../analytics/reports/reportRange';
import { shopReport } from '../../analytics/reports/shopReport';
import { saveProducerCoupon } from '../../commerce/coupons';
import { handleCommand } from '../../domain/commandHandler';
import { producerDecider } from '../../domain/producer/producerDecider';
import { producerStreamId } from '../../domain/producer/producerEvents';
import { productDecider } from '../../domain/product/productDecider';
import { productStreamId } from '../../domain/product/productEvents';
import { DEMO_COUPONS, DEMO_PRODUCERS, demoListings, demoSamplePacks, demoStoreItems, STORE_PRODUCER } from '../demoCatalogue';
import { type DemoActivitySummary, seedDemoActivity } from './seedDemoActivity';

const DAY_MS = 86_400_000;
/** Stands in for the rendered previews (which take half a minute to synthesize): only whether a product has one matters here. */
const PREVIEW = { src: '/media/previews/demo.mp3', durationSeconds: 60, peaks: [0, 0.5, 1] };

/** The demo catalogue as `npm start` lists it (seedDemoCatalogue.ts), every 16th beat sold, with previews but no audio. */
async function listDemoCatalogue(app: TestApp): Promise<number> {
  for (const profile of [...DEMO_PRODUCERS, STORE_PRODUCER]) {
    await handleCommand(app.deps.eventStore, producerStreamId(profile.producerId), producerDecider, { type: 'CreateProducerProfile', profile });
  }
  const tracks = demoListings().map((listing) => ({ ...listing, preview: PREVIEW }));
  const listings = [...tracks, ...demoSamplePacks(tracks.length + 1).map((pack) => ({ ...pack, preview: PREVIEW })), ...demoStoreItems(tracks.length + 11)];
  for (const listing of listings) await handleCommand(app.deps.eventStore, productStreamId(listing.productId), productDecider, { type: 'ListProduct', listing });
  const sold = tracks.filter((_, index) => index % 16 === 4);
  for (const beat of sold) {
    await handleCommand(app.deps.eventStore, productStreamId(beat.productId), productDecider, { type: 'SellProduct', productId: beat.productId, orderId: `demo-order-${beat.productId}` });
  }
  for (const coupon of DEMO_COUPONS) await saveProducerCoupon(app.deps, coupon);
  await app.deps.projector.catchUp();
  return sold.length;
}

describe('the demo month (DEMO_ACTIVITY)', () => {
  let app: TestApp;
  let summary: DemoActivitySummary;
  let soldBefore: number;
  let report: ShopReport;
  const seedLog = capturedLog();

  beforeAll(async () => {
    app = await startTestApp();
    soldBefore = await listDemoCatalogue(app);
    const seeded = await seedDemoActivity(app.deps, seedLog.log);
    if (!seeded) throw new Error(`The month was not seeded: ${seedLog.messages().join('\n')}`);
    summary = seeded;
    await deriveAnalytics(app.deps);
    report = await shopReport(app.deps.database, resolveReportRange({}, app.deps.clock.now()));
    // What the month came to, for the person reading the run's output.
    logger.info({ database: app.deps.database.kind, seed: seedLog.messages() }, 'The demo month was seeded');
  });
  afterAll(() => app.close());

  test('becomes the reports of the last 30 days: orders most days, refunds, coupons, and every step of the funnel', () => {
    expect(summary.orders).toBeGreaterThan(25);
    expect(report.totals).toMatchObject({ orders: summary.orders, refunds: 3 });
    expect(report.totals.revenueCents).toBeGreaterThan(0);
    expect(report.days.filter((day) => day.orders > 0).length).toBeGreaterThan(15);
    expect(report.days.filter((day) => day.refunds > 0).length).toBeGreaterThan(0);
    for (const step of report.funnel) expect([step.step, step.people > 0]).toEqual([step.step, true]);
    expect(report.funnel[0]!.people).toBeGreaterThan(report.funnel[3]!.people);
    expect(report.topBeatsByPlays).toHaveLength(10);
    expect(report.topBeatsBySales.length).toBeLessThanOrEqual(3);
    expect(report.coupons.ordersWithCoupon).toBeGreaterThan(0);
    expect(report.coupons.discountCents).toBeGreaterThan(0);
    expect(report.coupons.applied).toBeGreaterThan(0);
    expect(report.coupons.denied).toBeGreaterThan(0);
  });

  test('its events happened across the month, from the server and from the browser tabs alike', async () => {
    const now = app.deps.clock.now().getTime();
    const rows = await app.deps.database.query
      .selectFrom('analytics_events')
      .select((eb) => ['source', eb.fn.min<number | string>('occurred_at').as('first'), eb.fn.max<number | string>('occurred_at').as('last'), sql<number | string>`count(distinct day)`.as('days')])
      .groupBy('source')
      .execute();
    expect(rows.map((row) => row.source).sort()).toEqual(['browser', 'server']);
    for (const row of rows) {
      expect(Number(row.first)).toBeGreaterThanOrEqual(now - 30 * DAY_MS);
      expect(Number(row.last)).toBeLessThanOrEqual(now);
      expect(Number(row.days)).toBeGreaterThanOrEqual(28);
    }
    const events = await app.deps.database.query.selectFrom('analytics_events').select('event').distinct().execute();
    expect(events.map((row) => row.event).sort()).toEqual(
      expect.arrayContaining(['Cart Viewed', 'Product Clicked', 'Product List Viewed', 'Product Removed', 'Product Added to Wishlist', 'Producer Followed', 'Signed Up', 'Track Played', 'Payment Info Entered']),
    );
  });

  test('its browser tabs are logs like the storefront\'s: each replays through this build\'s reducers to every checkpoint it recorded', async () => {
    const sessions = await app.deps.actionLogs.query.selectFrom('action_log_sessions').select(['id', 'user_id']).execute();
    expect(sessions).toHaveLength(summary.visits);
    expect(sessions.filter((session) => session.user_id !== null).length).toBeGreaterThan(summary.visits / 3);
    for (const { id } of sessions) {
      const replayed = replaySession(await readActionLog(app.deps.actionLogs.query, id));
      expect([id, replayed.checkpoints.length > 0, replayed.divergedAt, replayed.missing, replayed.invariantFailures]).toEqual([id, true, null, [], []]);
    }
  });

  test('keeps the shop full of beats, and mails nobody', async () => {
    const sold = await app.deps.database.query.selectFrom('catalogue_products').select((eb) => eb.fn.countAll<number | string>().as('n')).where('is_sold', '=', 1).executeTakeFirstOrThrow();
    expect(Number(sold.n) - soldBefore).toBeLessThanOrEqual(3);
    const mails = await app.deps.database.query.selectFrom('mail_outbox').select('to_address').execute();
    expect(mails).toEqual([]);
    const accounts = await app.deps.database.query.selectFrom('user_credentials').select('email').execute();
    expect(accounts).toHaveLength(summary.buyers);
    expect(accounts.every((account) => /^demo\.buyer\d{2}@example\.com$/.test(account.email))).toBe(true);
  });
});

test('a shop whose cards go to a real provider gets no demo month: the seed never pays with its keys', async () => {
  const app = await startTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_demo', STRIPE_WEBHOOK_SECRET: 'whsec_demo' } });
  try {
    const seedLog = capturedLog();
    expect(await seedDemoActivity(app.deps, seedLog.log)).toBeNull();
    expect(seedLog.messages()).toEqual(['No demo month of activity: card payments go to a real provider (STRIPE_SECRET_KEY is set)']);
    expect(await app.deps.eventStore.headPosition()).toBe(0);
  } finally {
    await app.close();
  }
});
