import { SESSION_STARTED } from '../../../shared/actionLog/entry';
import type { ProducerReport, ShopReport } from '../../../shared/schemas/analyticsReports';
import type { Order } from '../../../shared/schemas/order';
import { issuedTicket } from '../../../test/actionLog/issuedTicket';
import { type ApiBrowser, manualClock } from '../../../test/helpers/accountClient';
import { deriveAnalytics } from '../../../test/helpers/analyticsReader';
import { verifiedProducer } from '../../../test/helpers/beatUploads';
import { listProducts, listShop, SHOP } from '../../../test/helpers/commerceFixtures';
import { moneyActors } from '../../../test/helpers/moneyFixtures';
import { startTestApp, type TestApp } from '../../../test/helpers/testApp';
import { saveProducerCoupon } from '../../commerce/coupons';
import { DEMO_COUPONS, DEMO_PRODUCERS } from '../../seed/demoCatalogue';

const DAY_MS = 86_400_000;
const DAY_1 = '2026-11-10';
const DAY_2 = '2026-11-11';
const DAY_3 = '2026-11-12';
/** Nova Kade's coupon, for SHOP.beat (producer 1): 20% off. */
const NOVA_COUPON = DEMO_COUPONS[0]!;
/** What the coupon takes off the one order that carries it: 20% of the beat, nothing of the other producer's pack. */
const COUPON_DISCOUNT_CENTS = (SHOP.beat.priceCents * NOVA_COUPON.percentage) / 100;
const OWN_PACK = { ...SHOP.pack, productId: 50, name: 'Own Pack', priceCents: 12_000 };

/**
 * A tab's log as the storefront records one: a product page loaded, the cart with a coupon typed
 * (`coupon` accepted, or refused with `refusal`), then Checkout; the browser derivation
 * (server/analytics/browserEvents.ts) makes Product Viewed, Coupon Applied/Denied and Checkout Started of it.
 */
function tabLog(at: Date, productId: number, cart: { totalUsd: number; coupon: string | null; refusal: string | null; checkout: boolean }) {
  const time = (second: number) => new Date(at.getTime() + second * 1000).toISOString();
  const loaded = (coupon: string | null, couponError: string | null) => ({
    items: [{ id: productId, includeProjectFile: false, active: true, price: cart.totalUsd }],
    total: cart.totalUsd,
    discount: 0,
    coupon: coupon === null ? null : { code: coupon },
    couponError,
  });
  const typed = cart.coupon ?? 'nope10';
  return [
    { seq: 1, at: time(0), type: SESSION_STARTED, payload: { state: { navigation: { pathname: '/', search: '', routeName: 'index', params: {} } } } },
    { seq: 2, at: time(1), type: 'navigation/navigationRequested', payload: { pathname: `/product/${productId}`, search: '', mode: 'push' } },
    { seq: 3, at: time(2), type: 'product/productPageLoaded', payload: { id: productId } },
    { seq: 4, at: time(3), type: 'navigation/navigationArrived', payload: { pathname: `/product/${productId}`, search: '', routeName: 'product-id', params: { id: String(productId) }, error: null } },
    { seq: 5, at: time(4), type: 'cart/cartLoaded', payload: loaded(null, null) },
    { seq: 6, at: time(5), type: 'cart/couponInputChanged', payload: typed },
    { seq: 7, at: time(6), type: 'cart/couponApplied' },
    { seq: 8, at: time(7), type: 'cart/cartLoaded', payload: loaded(cart.coupon, cart.refusal) },
    ...(cart.checkout ? [{ seq: 9, at: time(8), type: 'checkout/checkoutRequested' }] : []),
  ];
}

describe('the shop\'s own reports over events derived from real API calls (issue 13)', () => {
  const clock = manualClock(new Date(`${DAY_1}T09:00:00.000Z`));
  let app: TestApp;
  const actors = moneyActors(() => app, 'report');
  let admin: ApiBrowser;
  let producer: ApiBrowser;
  let producerId: number;
  let client: ApiBrowser;
  let couponOrder: Order;
  let refundedOrder: Order;

  const shipTab = async (browser: ApiBrowser | null, entries: unknown[]) => {
    const ticket = await issuedTicket(app.baseUrl);
    const response = await fetch(`${app.baseUrl}/api/v1/action-log`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(browser ? { Cookie: browser.cookieHeader() } : {}) },
      body: JSON.stringify({ ...ticket, entries }),
    });
    expect(response.status).toBe(201);
  };
  const play = async (browser: ApiBrowser, productId: number) => {
    expect((await browser.call('POST', `/tracks/${productId}/play`)).status).toBe(200);
    // One play a minute counts per listener.
    clock.advance(61_000);
  };
  const report = async <T>(browser: ApiBrowser, path: string) => {
    const answer = await browser.json<T>('GET', path);
    expect([path, answer.status]).toEqual([path, 200]);
    return answer.body;
  };

  beforeAll(async () => {
    app = await startTestApp({ clock });
    await listShop(app.deps);
    await saveProducerCoupon(app.deps, NOVA_COUPON);
    admin = await actors.staff('admin');
    ({ browser: producer, producerId } = await verifiedProducer(app.deps, app.baseUrl, 'Report Maker'));
    await listProducts(app.deps, [{ ...OWN_PACK, producerId }]);
    client = await actors.buyer();

    // Day 1: a buyer plays a beat and the producer's own pack, looks at the beat, applies a coupon, checks out and pays for both.
    const buyer1 = await actors.buyer();
    await play(buyer1, SHOP.beat.productId);
    await play(buyer1, OWN_PACK.productId);
    await shipTab(buyer1, tabLog(clock.now(), SHOP.beat.productId, { totalUsd: 331.49, coupon: NOVA_COUPON.code, refusal: null, checkout: true }));
    const paid1 = await actors.buy(buyer1, [SHOP.beat.productId, OWN_PACK.productId], NOVA_COUPON.code);
    expect(paid1.body.status).toBe('paid');
    couponOrder = paid1.body;
    // A guest looks at the second beat and is refused a coupon, but does not check out.
    await shipTab(null, tabLog(clock.now(), SHOP.beat2.productId, { totalUsd: 300, coupon: null, refusal: 'Invalid coupon', checkout: false }));

    // Day 2: another buyer plays the pack twice and buys it.
    clock.advance(DAY_MS);
    const buyer2 = await actors.buyer();
    await play(buyer2, SHOP.pack.productId);
    await play(buyer2, SHOP.pack.productId);
    const paid2 = await actors.buy(buyer2, [SHOP.pack.productId]);
    expect(paid2.body.status).toBe('paid');
    refundedOrder = paid2.body;

    // Day 3: the admin refunds it.
    clock.advance(DAY_MS);
    expect((await admin.json('POST', `/admin/orders/${refundedOrder.id}/refund`)).status).toBe(200);
    await deriveAnalytics(app.deps);
  });
  afterAll(() => app.close());

  test('revenue and refunds per day, orders and their average, over every day of the range', async () => {
    const shop = await report<ShopReport>(admin, `/admin/analytics/report?from=${DAY_1}&to=${DAY_3}`);
    expect(shop.range).toEqual({ from: DAY_1, to: DAY_3 });
    expect(shop.days).toEqual([
      { day: DAY_1, orders: 1, revenueCents: Math.round(couponOrder.total * 100), refunds: 0, refundedCents: 0 },
      { day: DAY_2, orders: 1, revenueCents: Math.round(refundedOrder.total * 100), refunds: 0, refundedCents: 0 },
      { day: DAY_3, orders: 0, revenueCents: 0, refunds: 1, refundedCents: Math.round(refundedOrder.total * 100) },
    ]);
    const revenueCents = Math.round((couponOrder.total + refundedOrder.total) * 100);
    expect(shop.totals).toEqual({ orders: 2, revenueCents, averageOrderCents: Math.round(revenueCents / 2), refunds: 1, refundedCents: Math.round(refundedOrder.total * 100) });

    // A range of the last day alone holds the refund and no order.
    const last = await report<ShopReport>(admin, `/admin/analytics/report?from=${DAY_3}&to=${DAY_3}`);
    expect(last.totals).toMatchObject({ orders: 0, revenueCents: 0, averageOrderCents: null, refunds: 1 });
  });

  test('the funnel counts distinct people per step, with the rate from the step before and from the first', async () => {
    const shop = await report<ShopReport>(admin, `/admin/analytics/report?from=${DAY_1}&to=${DAY_3}`);
    // Viewed: the first buyer and the guest's tab; added: both buyers; checkout: the first buyer; paid: both buyers.
    expect(shop.funnel).toEqual([
      { step: 'Product Viewed', people: 2, fromPrevious: null, overall: null },
      { step: 'Product Added', people: 2, fromPrevious: 1, overall: 1 },
      { step: 'Checkout Started', people: 1, fromPrevious: 0.5, overall: 0.5 },
      { step: 'Order Completed', people: 2, fromPrevious: 2, overall: 1 },
    ]);
  });

  test('top beats by plays and by sales count beats only, named with their producer', async () => {
    const shop = await report<ShopReport>(admin, `/admin/analytics/report?from=${DAY_1}&to=${DAY_3}`);
    const nova = DEMO_PRODUCERS[0]!.artistName;
    expect(shop.topBeatsByPlays).toEqual([{ productId: SHOP.beat.productId, name: SHOP.beat.name, producer: nova, plays: 1 }]);
    expect(shop.topBeatsBySales).toEqual([{ productId: SHOP.beat.productId, name: SHOP.beat.name, producer: nova, sales: 1, revenueCents: SHOP.beat.priceCents }]);
  });

  test('coupon use: orders that carried one, what they took off, and the coupons the cart applied and refused', async () => {
    const shop = await report<ShopReport>(admin, `/admin/analytics/report?from=${DAY_1}&to=${DAY_3}`);
    expect(shop.coupons).toEqual({ ordersWithCoupon: 1, applied: 1, denied: 1, discountCents: COUPON_DISCOUNT_CENTS });
  });

  test('without dates the report is of the last 30 days, today included', async () => {
    const shop = await report<ShopReport>(admin, '/admin/analytics/report');
    expect(shop.range).toEqual({ from: '2026-10-14', to: DAY_3 });
    expect(shop.days).toHaveLength(30);
    expect(shop.totals.orders).toBe(2);
  });

  test('a bad range is a 400 that says what is wrong, for the JSON and the CSV alike', async () => {
    const refusals: [string, string][] = [
      [`from=${DAY_3}&to=${DAY_1}`, 'The "from" date must not be after the "to" date'],
      ['from=2026-02-30', 'The "from" date 2026-02-30 does not exist'],
      ['to=11/12/2026', 'The "to" date must be written YYYY-MM-DD'],
      ['from=2024-01-01&to=2026-01-01', 'A report covers at most 366 days; this range has 732'],
      ['from=2020-01-01', 'A report covers at most 366 days'],
      ['days=7', 'no such field in this request'],
    ];
    for (const [query, message] of refusals) {
      for (const path of ['/admin/analytics/report', '/admin/analytics/report.csv', '/producer/analytics/report']) {
        const browser = path.startsWith('/producer') ? producer : admin;
        const answer = await browser.json<{ message: string }>('GET', `${path}?${query}`);
        expect([path, query, answer.status, answer.body.message]).toEqual([path, query, 400, expect.stringContaining(message)]);
      }
    }
  });

  test('the CSV download holds the same report, named for its range', async () => {
    const response = await admin.call('GET', `/admin/analytics/report.csv?from=${DAY_1}&to=${DAY_3}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename=beatcrate-report-${DAY_1}-to-${DAY_3}.csv`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const lines = (await response.text()).split('\r\n');
    const usd = (value: number) => value.toFixed(2);
    const tableAfter = (title: string) => lines.slice(lines.indexOf(`# ${title}`) + 1, lines.indexOf('', lines.indexOf(`# ${title}`)));
    expect(lines[0]).toBe(`# Beatcrate report from ${DAY_1} to ${DAY_3} (UTC days)`);
    expect(tableAfter('Gross revenue and refunds per day')).toEqual([
      'day,paid_orders,gross_revenue_usd,refunds,refunds_usd',
      `${DAY_1},1,${usd(couponOrder.total)},0,0.00`,
      `${DAY_2},1,${usd(refundedOrder.total)},0,0.00`,
      `${DAY_3},0,0.00,1,${usd(refundedOrder.total)}`,
    ]);
    expect(tableAfter('Funnel')).toEqual([
      'step,people,rate_from_previous,rate_overall',
      'Product Viewed,2,,',
      'Product Added,2,1.0000,1.0000',
      'Checkout Started,1,0.5000,0.5000',
      'Order Completed,2,2.0000,1.0000',
    ]);
    expect(tableAfter('Top beats by sales')).toEqual(['product_id,name,producer,sales,sales_at_list_price_usd', `1,Night Drive,Nova Kade,1,${usd(SHOP.beat.priceCents / 100)}`]);
    expect(tableAfter('Coupons')).toEqual(['paid_orders_with_coupon,coupons_applied,coupons_denied,taken_off_by_coupons_usd', `1,1,1,${usd(COUPON_DISCOUNT_CENTS / 100)}`]);
  });

  test('the shop\'s reports are the admin\'s: every other visitor gets the 404 of a call that does not exist', async () => {
    const moderator = await actors.staff('moderator');
    for (const path of ['/admin/analytics/report', '/admin/analytics/report.csv']) {
      for (const [who, browser] of [['client', client], ['producer', producer], ['moderator', moderator]] as const) {
        const answer = await browser.json<{ message: string }>('GET', `${path}?from=${DAY_1}`);
        expect([path, who, answer.status, answer.body.message]).toEqual([path, who, 404, `No API call GET ${path}`]);
      }
      const guest = await fetch(`${app.baseUrl}/api/v1${path}`);
      expect([path, guest.status]).toEqual([path, 404]);
    }
  });

  test('a producer reads the figures of their own products only, per day', async () => {
    const own = await report<ProducerReport>(producer, `/producer/analytics/report?from=${DAY_1}&to=${DAY_3}`);
    expect(own.days).toEqual([
      { day: DAY_1, plays: 1, sales: 1, revenueCents: OWN_PACK.priceCents, refunds: 0, refundedCents: 0 },
      { day: DAY_2, plays: 0, sales: 0, revenueCents: 0, refunds: 0, refundedCents: 0 },
      { day: DAY_3, plays: 0, sales: 0, revenueCents: 0, refunds: 0, refundedCents: 0 },
    ]);
    expect(own.totals).toEqual({ plays: 1, sales: 1, revenueCents: OWN_PACK.priceCents, refunds: 0, refundedCents: 0 });
    // The beat sold in the same order is Nova Kade's: not in this producer's figures.
    expect(own.topProducts).toEqual([{ productId: OWN_PACK.productId, name: OWN_PACK.name, category: 'sample pack', plays: 1, sales: 1, revenueCents: OWN_PACK.priceCents }]);

    // A call names no producer: the session does. Another account gets no such call; a producer not verified yet has no figures.
    expect((await producer.json('GET', `/producer/analytics/report?from=${DAY_1}&producerId=1`)).status).toBe(400);
    for (const [who, browser] of [['client', client], ['admin', admin]] as const) {
      expect([who, (await browser.json('GET', '/producer/analytics/report')).status]).toEqual([who, 404]);
    }
    const unverified = await actors.producer();
    expect(await unverified.json('GET', '/producer/analytics/report')).toEqual({ status: 200, body: null });
  });
});
