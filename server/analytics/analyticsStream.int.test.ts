import fs from 'node:fs';
import path from 'node:path';
import { create } from 'superstruct';
import { SESSION_STARTED } from '../../shared/actionLog/entry';
import { type AnalyticsLine, AnalyticsLineSchema, SEGMENT_ECOMMERCE_EVENTS } from '../../shared/schemas/analytics';
import type { Order } from '../../shared/schemas/order';
import { issuedTicket } from '../../test/actionLog/issuedTicket';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { asShown } from '../../test/helpers/shownTotal';
import { type Frame, openEventStream } from '../../test/helpers/accountStreamReader';
import { analyticsKey, deriveAnalytics, readAllEvents, readEventsPage } from '../../test/helpers/analyticsReader';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { grantRole } from '../auth/staffRoles';
import { Projector } from '../projections/projector';
import { createAnalyticsKey, revokeAnalyticsKey } from './analyticsKeys';
import { analyticsProjection } from './domainEvents';

const PASSWORD = 'beats42';

/** Segment's property tables (a committed sample of its e-commerce v2 spec). */
const SEGMENT_SPEC = JSON.parse(fs.readFileSync(path.join(__dirname, '../../test/fixtures/analytics/segment-ecommerce-v2.json'), 'utf8')) as {
  events: Record<string, { properties: Record<string, string> }>;
};

/**
 * What we send beyond Segment's tables, on purpose: money's `currency` wherever there is money
 * (issue 13), a fee Segment has no word for and the way an order was paid, the list a click came
 * from, a cart's value.
 */
const OUR_EXTENSIONS: Record<string, readonly string[]> = {
  'Product Clicked': ['list_id', 'currency'],
  'Product Added': ['currency'],
  'Product Removed': ['currency'],
  'Product Added to Wishlist': ['currency'],
  'Product Removed from Wishlist': ['currency'],
  'Cart Viewed': ['value', 'currency'],
  'Order Completed': ['service_fee', 'payment_method'],
  'Order Refunded': ['service_fee', 'payment_method'],
};

/** Every property of a message, as Segment's tables name them (`products.$.price`). */
function propertyNames(properties: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const [name, value] of Object.entries(properties)) {
    names.push(name);
    if (Array.isArray(value)) for (const member of value) if (member && typeof member === 'object') names.push(...Object.keys(member).map((key) => `${name}.$.${key}`));
  }
  return [...new Set(names)];
}
const VISA = { stripePaymentMethodId: 'pm_card_visa', coupon: null };

/** A tab's log as the storefront records one: a /beats page load, a click, a product page, the cart, a refused coupon, checkout. */
function tabLog(userFacing: { fakeName: string }) {
  const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 9, 0, second)).toISOString();
  const track = (id: number) => ({ id, name: userFacing.fakeName, productType: 'samplepack', finalPrice: 1 });
  const cart = (couponError: string | null) => ({
    items: [{ id: SHOP.pack.productId, product: track(SHOP.pack.productId), includeProjectFile: false, active: true, price: 250, isProMembership: false, isRemovedFromCart: false }],
    serviceFeeFixed: 2.99,
    serviceFeePercentage: 5,
    subTotal: 250,
    subTotalWithoutCoupon: 250,
    discount: 0,
    total: 265.49,
    coupon: null,
    couponError,
  });
  return [
    {
      seq: 1,
      at: at(0),
      type: SESSION_STARTED,
      payload: {
        state: { navigation: { pathname: '/beats', search: '?sortby=price-to-high&tags=dark', routeName: 'beats', params: {} }, catalogue: { beats: { tracks: [track(SHOP.beat.productId), track(SHOP.pack.productId)] } } },
        viewport: { width: 1280, height: 800 },
      },
    },
    { seq: 2, at: at(1), type: 'navigation/navigationRequested', payload: { pathname: `/product/${SHOP.pack.productId}`, search: '', mode: 'push' } },
    { seq: 3, at: at(2), type: 'product/productPageLoaded', payload: track(SHOP.pack.productId) },
    { seq: 4, at: at(3), type: 'navigation/navigationArrived', payload: { pathname: `/product/${SHOP.pack.productId}`, search: '', routeName: 'product-id', params: {}, error: null } },
    { seq: 5, at: at(4), type: 'cart/cartLoaded', payload: cart(null) },
    { seq: 6, at: at(5), type: 'navigation/navigationRequested', payload: { pathname: '/cart', search: '', mode: 'push' } },
    { seq: 7, at: at(6), type: 'navigation/navigationArrived', payload: { pathname: '/cart', search: '', routeName: 'cart', params: {}, error: null } },
    { seq: 8, at: at(7), type: 'cart/couponInputChanged', payload: 'NOPE10' },
    { seq: 9, at: at(8), type: 'cart/couponApplied' },
    { seq: 10, at: at(9), type: 'cart/cartLoaded', payload: cart('Invalid coupon') },
    { seq: 11, at: at(10), type: 'cart/couponInputChanged', payload: ' Save10 ' },
    { seq: 12, at: at(11), type: 'cart/couponApplied' },
    { seq: 13, at: at(12), type: 'cart/cartLoaded', payload: { ...cart(null), discount: 25, subTotal: 225, total: 239.24, coupon: { code: 'save10', percentage: 10, producerId: null } } },
    { seq: 14, at: at(13), type: 'checkout/checkoutRequested' },
    { seq: 15, at: at(14), type: 'checkout/cardPaymentSubmitted', payload: { paymentMethodId: 'pm_card_visa', attemptKey: 'k' } },
  ];
}

describe('the analytics stream over a real shop (issue 13)', () => {
  let app: TestApp;
  let key: string;
  let counter = 0;

  beforeAll(async () => {
    app = await startTestApp();
    await listShop(app.deps);
    key = await analyticsKey(app.deps);
  });
  afterAll(() => app.close());

  const account = async (email: string, names = { firstName: 'Grace', lastName: 'Hopper' }) => {
    const browser = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.13.0.${++counter}` });
    expect((await browser.json('POST', '/auth/register', registration({ email, ...names }))).status).toBe(201);
    const { id } = (await browser.json<{ id: number }>('GET', '/auth/checkhealth')).body;
    return { browser, id };
  };

  test('a buyer\'s visit becomes Segment\'s events, each once, with no personal data in any of them', async () => {
    const email = 'analytics.buyer@example.com';
    const names = { firstName: 'Marguerite', lastName: 'Perey' };
    const { browser, id } = await account(email, names);
    expect((await browser.json('POST', '/auth/logout')).status).toBeLessThan(300);
    expect((await browser.json('POST', '/auth/login', { email, password: PASSWORD })).status).toBe(200);
    const ticket = await issuedTicket(app.baseUrl);
    const tracked = { 'X-Tracking-Id': ticket.sessionId };
    expect((await browser.call('POST', `/wishlist/${SHOP.beat.productId}`)).ok).toBe(true);
    expect((await browser.call('DELETE', `/wishlist/${SHOP.beat.productId}`)).ok).toBe(true);
    expect((await browser.call('POST', `/users/producer/${SHOP.beat2.producerId}/follow`)).ok).toBe(true);
    expect((await browser.call('POST', `/tracks/${SHOP.pack.productId}/play`)).status).toBe(200);
    expect((await browser.call('POST', '/ecommerce/cart', { product: SHOP.beat2.productId, includeProjectFile: true }, tracked)).status).toBe(200);
    expect((await browser.call('DELETE', `/ecommerce/cart/${SHOP.beat2.productId}`)).ok).toBe(true);
    expect((await browser.call('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false }, tracked)).status).toBe(200);
    const paid = (await (await browser.call('POST', '/ecommerce/orders/stripe', await asShown(browser, VISA), tracked)).json()) as Order;
    expect(paid.status).toBe('paid');
    const shipped = await fetch(`${app.baseUrl}/api/v1/action-log`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: browser.cookieHeader() },
      body: JSON.stringify({ ...ticket, entries: tabLog({ fakeName: 'A name only the log says' }) }),
    });
    expect(shipped.status).toBe(201);

    await deriveAnalytics(app.deps);
    const mine = (await readAllEvents(app.baseUrl, key)).filter((line) => line.userId === app.deps.analytics.pseudonyms.user(id));
    const names_ = mine.map((line) => line.event);
    expect(names_).toEqual(
      expect.arrayContaining([
        'Signed Up',
        'Logged In',
        'Product Added to Wishlist',
        'Product Removed from Wishlist',
        'Producer Followed',
        'Track Played',
        'Product Added',
        'Product Removed',
        'Order Completed',
        'Product List Viewed',
        'Product List Filtered',
        'Products Searched',
        'Product Clicked',
        'Product Viewed',
        'Cart Viewed',
        'Coupon Entered',
        'Coupon Denied',
        'Coupon Applied',
        'Checkout Started',
        'Payment Info Entered',
      ]),
    );
    const one = (event: string) => {
      const found = mine.filter((line) => line.event === event);
      expect([event, found.length]).toEqual([event, 1]);
      return found[0]!;
    };
    const completed = one('Order Completed');
    expect(completed).toMatchObject({
      type: 'track',
      anonymousId: ticket.sessionId,
      context: { source: 'server' },
      properties: {
        order_id: paid.id,
        total: 265.49,
        revenue: 265.49,
        subtotal: 250,
        discount: 0,
        currency: 'USD',
        coupon: null,
        payment_method: 'card',
        products: [{ product_id: String(SHOP.pack.productId), name: SHOP.pack.name, category: 'sample pack', brand: expect.any(String), price: 250, quantity: 1 }],
      },
    });
    expect(mine.filter((line) => line.event === 'Product Added').map((line) => line.properties)).toEqual([
      expect.objectContaining({ product_id: String(SHOP.beat2.productId), name: SHOP.beat2.name, category: 'beat', price: 350, variant: 'with project file', currency: 'USD' }),
      expect.objectContaining({ product_id: String(SHOP.pack.productId), name: SHOP.pack.name, category: 'sample pack', price: 250 }),
    ]);
    // The pack left the cart because it was bought: only the buyer's own removal is one.
    expect(mine.filter((line) => line.event === 'Product Removed').map((line) => line.properties.product_id)).toEqual([String(SHOP.beat2.productId)]);
    // Named from the shop's records, not from what the log said.
    expect(one('Product Viewed').properties).toMatchObject({ product_id: String(SHOP.pack.productId), name: SHOP.pack.name, price: 250 });
    expect(one('Product Clicked').properties).toMatchObject({ product_id: String(SHOP.pack.productId), list_id: 'beats', position: 2 });
    expect(one('Product List Filtered').properties).toMatchObject({ list_id: 'beats', sorts: [{ type: 'price', value: 'asc' }] });
    expect(one('Products Searched').properties).toEqual({ query: 'dark' });
    expect(mine.filter((line) => line.event === 'Coupon Entered').map((line) => line.properties)).toEqual([{ coupon_id: 'nope10' }, { coupon_id: 'save10' }]);
    expect(one('Coupon Denied').properties).toEqual({ coupon_id: 'nope10', reason: 'Invalid coupon' });
    expect(one('Coupon Applied').properties).toEqual({ coupon_id: 'save10', discount: 25 });
    expect(one('Checkout Started').properties).toMatchObject({ value: 239.24, coupon: 'save10', currency: 'USD', products: [{ product_id: String(SHOP.pack.productId) }] });
    expect(one('Payment Info Entered').properties).toEqual({ payment_method: 'card' });
    expect(JSON.stringify(mine)).not.toContain('A name only the log says');

    // No personal data anywhere: not in any stored row, not in any line the API gives.
    const rows = await app.deps.database.query.selectFrom('analytics_events').selectAll().execute();
    const everything = `${JSON.stringify(rows)}\n${JSON.stringify(await readAllEvents(app.baseUrl, key))}`;
    const guestCartToken = [...browser.cookies.values()].join('|');
    for (const secret of [email, names.firstName, names.lastName, PASSWORD, 'pm_card_visa', `"userId":"${id}"`, `"userId":${id}`]) {
      expect([secret, everything.includes(secret)]).toEqual([secret, false]);
    }
    for (const cookie of guestCartToken.split('|').filter((value) => value.length > 8)) expect(everything).not.toContain(cookie);
    expect(mine.every((line) => line.userId !== null && /^u_[\w-]{22}$/.test(line.userId))).toBe(true);
  });

  test('an order paid after a retried checkout, a repeated derivation and a replay from the start is completed once, with the same ids', async () => {
    const { browser } = await account('analytics.retry@example.com');
    expect((await browser.call('POST', '/ecommerce/cart', { product: SHOP.samplePack.productId, includeProjectFile: false })).status).toBe(200);
    const attempt = { 'Idempotency-Key': 'a'.repeat(32) };
    const shown = await asShown(browser, VISA);
    const [first, again] = await Promise.all([browser.call('POST', '/ecommerce/orders/stripe', shown, attempt), browser.call('POST', '/ecommerce/orders/stripe', shown, attempt)]);
    const orders = [(await first.json()) as Order, (await again.json()) as Order];
    expect(new Set(orders.map((order) => order.id)).size).toBe(1);
    await deriveAnalytics(app.deps);
    await deriveAnalytics(app.deps);
    const completed = (await readAllEvents(app.baseUrl, key)).filter((line) => line.event === 'Order Completed' && line.properties.order_id === orders[0]!.id);
    expect(completed).toHaveLength(1);

    // Derived again from the first event (a backfill): nothing new, and every id the same.
    const before = await app.deps.database.query.selectFrom('analytics_events').select(['message_id', 'position']).orderBy('position').execute();
    await app.deps.database.transaction(async (tx) => {
      await tx.updateTable('projection_checkpoints').set({ position: 0 }).where('name', '=', 'analytics').execute();
      await tx.deleteFrom('analytics_log_progress').execute();
      await tx.deleteFrom('analytics_marks').execute();
    });
    const { database, eventStore, analytics, clock } = app.deps;
    await new Projector(database, eventStore, [analyticsProjection({ eventStore, query: database.query, pseudonyms: analytics.pseudonyms, kind: database.kind, now: () => clock.now() })]).catchUp();
    await deriveAnalytics(app.deps);
    expect(await app.deps.database.query.selectFrom('analytics_events').select(['message_id', 'position']).orderBy('position').execute()).toEqual(before);
  });

  test('a guest\'s cart joining the account at registration is no second Product Added', async () => {
    const guest = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.13.1.${++counter}` });
    expect((await guest.call('POST', '/ecommerce/cart', { product: SHOP.samplePack.productId, includeProjectFile: false })).status).toBe(200);
    expect((await guest.json('POST', '/auth/register', registration({ email: 'analytics.guest@example.com' }))).status).toBe(201);
    const { id } = (await guest.json<{ id: number }>('GET', '/auth/checkhealth')).body;
    expect((await guest.json<{ items: unknown[] }>('GET', '/ecommerce/cart')).body.items).toHaveLength(1);
    await deriveAnalytics(app.deps);
    const added = (await readAllEvents(app.baseUrl, key)).filter((line) => line.event === 'Product Added' && line.properties.product_id === String(SHOP.samplePack.productId));
    // The guest's add, before the account existed; nothing for the merge.
    expect(added.filter((line) => line.userId === null || line.userId === app.deps.analytics.pseudonyms.user(id))).toHaveLength(1);
  });

  test('a refund and a cancelled order follow their orders', async () => {
    const { browser } = await account('analytics.refund@example.com');
    const admin = await account('analytics.admin@example.com');
    await grantRole(app.deps, 'analytics.admin@example.com', 'admin');
    expect((await admin.browser.json('POST', '/auth/login', { email: 'analytics.admin@example.com', password: PASSWORD })).status).toBe(200);
    expect((await browser.call('POST', '/ecommerce/cart', { product: SHOP.contacts.productId, includeProjectFile: false })).status).toBe(200);
    const paid = (await browser.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(browser, VISA))).body;
    expect((await admin.browser.call('POST', `/admin/orders/${paid.id}/refund`)).status).toBe(200);
    expect((await browser.call('POST', '/ecommerce/cart', { product: SHOP.samplePack.productId, includeProjectFile: false })).status).toBe(200);
    const waiting = (await browser.json<Order>('POST', '/ecommerce/orders', await asShown(browser, { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: null }))).body;
    expect((await browser.json<Order>('POST', `/ecommerce/orders/${waiting.id}/cancel`)).body.status).toBe('cancelled');
    await deriveAnalytics(app.deps);
    const lines = await readAllEvents(app.baseUrl, key);
    expect(lines.find((line) => line.event === 'Order Refunded' && line.properties.order_id === paid.id)?.properties).toMatchObject({ total: paid.total, currency: 'USD' });
    expect(lines.find((line) => line.event === 'Order Cancelled' && line.properties.order_id === waiting.id)?.properties).toMatchObject({ currency: 'USD', products: [{ product_id: String(SHOP.samplePack.productId) }] });
  });

  test('read from the start in any page size while buyers write, every event comes once and in order', async () => {
    const buyers = await Promise.all([1, 2, 3, 4].map((index) => account(`analytics.writer${index}@example.com`)));
    let writing = true;
    const writers = buyers.map(async ({ browser }, index) => {
      for (let round = 0; round < 12; round++) {
        const product = [SHOP.pack, SHOP.samplePack, SHOP.contacts][(round + index) % 3]!.productId;
        expect((await browser.call('POST', '/ecommerce/cart', { product, includeProjectFile: false })).status).toBe(200);
        expect((await browser.call('DELETE', `/ecommerce/cart/${product}`)).ok).toBe(true);
        await app.deps.analytics.projector.catchUp();
      }
    });
    const seen: AnalyticsLine[] = [];
    let random = 7;
    const reader = (async () => {
      for (;;) {
        random = (random * 48_271) % 2_147_483_647;
        const page = await readEventsPage(app.baseUrl, key, { after: seen.at(-1)?.cursor ?? '', limit: String(1 + (random % 37)) });
        seen.push(...page);
        if (page.length === 0 && !writing) return;
      }
    })();
    await Promise.all(writers);
    await deriveAnalytics(app.deps);
    writing = false;
    await reader;
    const cursors = seen.map((line) => Number(line.cursor));
    expect(cursors.every((cursor, index) => index === 0 || cursor > cursors[index - 1]!)).toBe(true);
    expect(new Set(seen.map((line) => line.messageId)).size).toBe(seen.length);
    const stored = await app.deps.database.query.selectFrom('analytics_events').select('position').orderBy('position').execute();
    expect(cursors).toEqual(stored.map((row) => Number(row.position)));
  });

  test('every event is named as Segment\'s e-commerce spec names it, and says only what the spec\'s table has for it (or what we add on purpose)', async () => {
    const lines = await readAllEvents(app.baseUrl, key);
    const seen = new Set(lines.map((line) => line.event));
    expect(SEGMENT_ECOMMERCE_EVENTS.filter((event) => !seen.has(event))).toEqual([]);
    for (const line of lines) {
      const table = SEGMENT_SPEC.events[line.event];
      if (!table) continue;
      // Segment: "Order Refunded" takes "the same properties from the previous Order Completed call".
      const documented = new Set([...Object.keys(table.properties), ...(line.event === 'Order Refunded' ? Object.keys(SEGMENT_SPEC.events['Order Completed']!.properties) : []), ...(OUR_EXTENSIONS[line.event] ?? [])]);
      expect([line.event, propertyNames(line.properties).filter((name) => !documented.has(name))]).toEqual([line.event, []]);
    }
  });

  test('the live tail over SSE starts at the edge, and a reader that reconnects with Last-Event-ID misses nothing and sees nothing twice', async () => {
    const { browser } = await account('analytics.live@example.com');
    const stream = (headers: Record<string, string> = {}) => openEventStream(`${app.baseUrl}/api/v1/analytics/stream?types=Product%20Added`, { Authorization: `Bearer ${key}`, ...headers });
    const add = async (product: number) => {
      expect((await browser.call('POST', '/ecommerce/cart', { product, includeProjectFile: false })).status).toBe(200);
      expect((await browser.call('DELETE', `/ecommerce/cart/${product}`)).ok).toBe(true);
      await app.deps.analytics.projector.catchUp();
    };
    const added = (frame: Frame | null) => {
      const line = create(JSON.parse(frame?.data ?? 'null') as unknown, AnalyticsLineSchema);
      expect(line.event).toBe('Product Added');
      expect(frame?.id).toBe(line.cursor);
      return { cursor: line.cursor, product: Number(line.properties.product_id) };
    };

    const first = await stream();
    expect(first.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await add(SHOP.pack.productId);
    await add(SHOP.samplePack.productId);
    const before = [added(await first.nextData()), added(await first.nextData())];
    expect(before.map((line) => line.product)).toEqual([SHOP.pack.productId, SHOP.samplePack.productId]);
    first.close();

    // While nobody listens, more happens; the reader comes back where it left off.
    await add(SHOP.contacts.productId);
    await add(SHOP.pack.productId);
    const second = await stream({ 'Last-Event-ID': before[1]!.cursor });
    const missed = [added(await second.nextData()), added(await second.nextData())];
    expect(missed.map((line) => line.product)).toEqual([SHOP.contacts.productId, SHOP.pack.productId]);
    await add(SHOP.samplePack.productId);
    const live = added(await second.nextData());
    expect(live.product).toBe(SHOP.samplePack.productId);
    const cursors = [...before, ...missed, live].map((line) => Number(line.cursor));
    expect(cursors.every((cursor, index) => index === 0 || cursor > cursors[index - 1]!)).toBe(true);
    second.close();

    const unauthorized = await fetch(`${app.baseUrl}/api/v1/analytics/stream`);
    expect(unauthorized.status).toBe(401);
    const badCursor = await fetch(`${app.baseUrl}/api/v1/analytics/stream`, { headers: { Authorization: `Bearer ${key}`, 'Last-Event-ID': 'yesterday' } });
    expect(badCursor.status).toBe(400);
  });

  test('keys: none, a wrong one, a revoked one or one without the scope get 401 and no reason; bad queries get 400', async () => {
    const unauthorized = { statusCode: 401, message: 'Unauthorized' };
    const revoked = await createAnalyticsKey(app.deps.database, { name: 'old', scopes: ['events:read'], by: null, now: app.deps.clock.now() });
    expect((await readEventsPage(app.baseUrl, revoked.key)).length).toBeGreaterThan(0);
    await revokeAnalyticsKey(app.deps.database, revoked.view.id, app.deps.clock.now());
    const webhooksOnly = await analyticsKey(app.deps, ['webhooks:manage']);
    for (const authorization of [undefined, 'Bearer bca_wrong_key_000000000000', `Bearer ${revoked.key}`, `Bearer ${webhooksOnly}`, key, `Basic ${key}`]) {
      const response = await fetch(`${app.baseUrl}/api/v1/analytics/events`, { headers: authorization === undefined ? {} : { Authorization: authorization } });
      expect([authorization, response.status]).toEqual([authorization, 401]);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual(unauthorized);
    }
    // A browser's session cookie is no key.
    const { browser } = await account('analytics.cookie@example.com');
    expect((await browser.call('GET', '/analytics/events')).status).toBe(401);

    const bad = async (query: string) => {
      const response = await fetch(`${app.baseUrl}/api/v1/analytics/events?${query}`, { headers: { Authorization: `Bearer ${key}` } });
      return { status: response.status, message: ((await response.json()) as { message: string }).message };
    };
    expect(await bad('after=abc')).toEqual({ status: 400, message: 'Invalid after: a cursor from an event line, or nothing for the start' });
    expect(await bad('limit=0')).toEqual({ status: 400, message: 'Invalid limit: a whole number from 1 to 1000' });
    expect(await bad('limit=1001')).toEqual({ status: 400, message: 'Invalid limit: a whole number from 1 to 1000' });
    expect(await bad('types=Order%20Completed,Bought')).toMatchObject({ status: 400, message: expect.stringContaining('"Bought" is not an event of this stream') });
    expect(await bad('after=1&after=2')).toEqual({ status: 400, message: 'Invalid after: give it once' });
    expect(await bad('since=yesterday')).toEqual({ status: 400, message: 'Invalid since: this call takes after, limit and types' });
    const orders = await readEventsPage(app.baseUrl, key, { types: 'Order Completed,Order Refunded', limit: '1000' });
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((line) => ['Order Completed', 'Order Refunded'].includes(line.event))).toBe(true);
  });
});
