import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { assert } from 'superstruct';
import { SITEWIDE_COUPON_CODE } from '../../shared/domain/constants';
import type { Cart } from '../../shared/schemas/cart';
import { type Order, OrderSchema } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/track';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { listProducts, listShop, SHOP, SHOP_AUDIO, SHOP_MASTER, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { asShown, type OrderBody } from '../../test/helpers/shownTotal';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { CONTACT_COUNT } from '../commerce/contactsList';
import { RESERVATION_MS } from '../commerce/reservation';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import type { SandboxPayments } from '../payments/sandboxProvider';

const DAY_MS = 24 * 60 * 60 * 1000;
const VISA = { stripePaymentMethodId: 'pm_card_visa', coupon: null };
const DECLINED = { stripePaymentMethodId: 'pm_card_chargeDeclined', coupon: null };
const THREE_DS = { stripePaymentMethodId: 'pm_card_threeDSecure2Required', coupon: null };
const PAYPAL = { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: null };
const ORDER_CALLS = new Set(['/ecommerce/orders', '/ecommerce/orders/stripe']);

describe('orders, payments and downloads API (sandbox provider)', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-orders-media-'));
  let app: TestApp;
  let sandbox: SandboxPayments;
  let counter = 0;

  const buyer = async () => {
    const visitor = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.2.0.${++counter}` });
    expect((await visitor.json('POST', '/auth/register', registration({ email: `orders${counter}@example.com` }))).status).toBe(201);
    return visitor;
  };
  const fill = async (visitor: ApiBrowser, ...items: [number, boolean?][]) => {
    for (const [product, includeProjectFile = false] of items) {
      expect((await visitor.json('POST', '/ecommerce/cart', { product, includeProjectFile })).status).toBe(200);
    }
  };
  /** An order call sends the total the buyer's cart shows, as the storefront does, unless the test names another. */
  const order = async (visitor: ApiBrowser, method: string, pathName: string, body?: unknown, headers: Record<string, string> = {}) => {
    const placing = ORDER_CALLS.has(pathName) && typeof body === 'object' && body !== null && 'coupon' in body;
    const response = await visitor.call(method, pathName, placing ? await asShown(visitor, body as OrderBody) : body, headers);
    const json = (await response.json()) as Order & { message?: string };
    if (response.status < 300) assert(json, OrderSchema);
    return { status: response.status, body: json };
  };
  /** What the buyer's browser does on the sandbox page: a form POST, answered with a redirect. */
  const sandboxStep = async (nextActionUrl: string, step: 'approve' | 'decline') => {
    const response = await fetch(`${nextActionUrl}/${step}`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    return response.headers.get('location')!;
  };
  /** Links are paths on the server that answered; the test reaches it on its loopback port. */
  const local = (url: string) => `${app.baseUrl}${url}`;
  // The mail is sent beside the request that paid: wait for it as a person waits for their inbox.
  const orderMailsTo = async (to: string) => {
    await app.deps.orderMails.idle();
    return app.deps.database.query
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', '=', to)
      .where('subject', '=', 'Your Beatcrate order: download links')
      .orderBy('id', 'desc')
      .execute();
  };
  const mailCount = async (to: string) => (await orderMailsTo(to)).length;

  /** The text of the newest order mail to `to`. */
  const latestMailText = async (to: string) => (await orderMailsTo(to))[0]!.text;
  /** The mailed links in a mail's text, reached on the test's loopback port. */
  const mailedLinks = (text: string) => (text.match(/http:\/\/shop\.test\/api\/v1\/downloads\/[A-Za-z0-9_-]{32}/g) ?? []).map((url) => url.replace('http://shop.test', app.baseUrl));
  /** A storefront link followed in the buyer's browser (with its session cookie). */
  const downloadAs = (visitor: ApiBrowser, url: string) => visitor.call('GET', url.replace(/^\/api\/v1/, ''));

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    app = await startTestApp({ clock, env: { MEDIA_DIR: mediaDir, TRUST_PROXY: '1', PUBLIC_URL: 'http://shop.test' } });
    sandbox = app.deps.payments.sandbox!;
    await listShop(app.deps);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('a guest must log in or register to pay', async () => {
    const guest = new ApiBrowser(app.baseUrl);
    await fill(guest, [SHOP.pack.productId]);
    const response = await order(guest, 'POST', '/ecommerce/orders/stripe', VISA);
    expect(response).toMatchObject({ status: 401, body: { message: 'Please log in or register to pay for your order' } });
    expect((await order(guest, 'POST', '/ecommerce/orders', PAYPAL)).status).toBe(401);
  });

  test('a card payment delivers at once: downloads in the answer and by mail, the cart emptied, the beat sold everywhere', async () => {
    const visitor = await buyer();
    const other = await buyer();
    await fill(other, [SHOP.beat.productId]);
    await fill(visitor, [SHOP.beat.productId, true], [SHOP.samplePack.productId], [SHOP.contacts.productId]);
    const { status, body } = await order(visitor, 'POST', '/ecommerce/orders/stripe', VISA, { 'X-Tracking-Id': 'track-42' });
    expect(status).toBe(201);
    const expiresAt = new Date(clock.now().getTime() + 180 * DAY_MS).toISOString();
    // 248 + 199 + 199 = 646, + 2.99 + 5% (32.30)
    expect(body).toMatchObject({ status: 'paid', paymentMethod: 'card', total: 681.29, nextActionUrl: null, clientSecret: null, failureReason: null });
    expect(body.downloads.map((d) => [d.productId, d.kind, d.name, d.expiresAt])).toEqual([
      [SHOP.beat.productId, 'beat', 'Night Drive.wav', expiresAt],
      [SHOP.beat.productId, 'projectFile', 'Night Drive project.tar.gz', expiresAt],
      [SHOP.samplePack.productId, 'samplePack', `${SHOP.samplePack.name}.tar.gz`, expiresAt],
      [SHOP.contacts.productId, 'contacts', 'EDM contacts.csv', expiresAt],
    ]);
    for (const download of body.downloads) expect(download.url).toBe(`/api/v1/ecommerce/orders/${body.id}/downloads/${download.productId}/${download.kind}`);
    expect((await sandbox.forOrder(body.id)).map((payment) => payment.charges)).toEqual([1]);

    await app.deps.orderMails.idle();
    const mail = await app.deps.database.query.selectFrom('mail_outbox').selectAll().where('subject', '=', 'Your Beatcrate order: download links').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(`orders${counter - 1}@example.com`);
    expect(mailedLinks(mail.text)).toHaveLength(body.downloads.length);

    expect((await visitor.json<Cart>('GET', '/ecommerce/cart')).body.items).toEqual([]);
    expect((await visitor.json<Product>('GET', `/tracks/${SHOP.beat.productId}`)).body.isSold).toBe(true);
    expect((await other.json<Cart>('GET', '/ecommerce/cart')).body.items[0]).toMatchObject({ id: SHOP.beat.productId, active: false, price: null });
    expect((await other.json('POST', '/ecommerce/cart', { product: SHOP.beat.productId, includeProjectFile: false })).status).toBe(409);

    const [placed] = await app.deps.eventStore.readStream(`order-${body.id}`);
    expect(placed).toMatchObject({ type: 'OrderPlaced', metadata: { trackingId: 'track-42' } });
  });

  test('download links serve the files for 180 days and answer 410 from day 181', async () => {
    const visitor = await buyer();
    await fill(visitor, [SHOP.beat2.productId, true], [SHOP.contacts.productId]);
    const { body } = await order(visitor, 'POST', '/ecommerce/orders/stripe', VISA);
    // The mailed links, in the order of the answer's downloads: they work without a session, for 180 days.
    const links = mailedLinks(await latestMailText(`orders${counter}@example.com`));
    const byKind = Object.fromEntries(body.downloads.map((d, index) => [d.kind, links[index]!]));
    expect(await downloadAs(visitor, body.downloads.find((d) => d.kind === 'beat')!.url)).toMatchObject({ status: 200 });
    const beat = await fetch(byKind.beat!);
    expect(beat.status).toBe(200);
    expect(beat.headers.get('content-type')).toBe('audio/wav');
    expect(beat.headers.get('content-disposition')).toBe('attachment; filename="Neon Rain.wav"');
    expect(Buffer.from(await beat.arrayBuffer())).toEqual(SHOP_MASTER);

    const project = gunzipSync(Buffer.from(await (await fetch(byKind.projectFile!)).arrayBuffer()));
    expect(project.subarray(0, 100).toString('utf8').replace(/\0+$/, '')).toBe('Neon Rain/README.txt');
    expect(project.subarray(257, 262).toString()).toBe('ustar');
    expect(project.includes(SHOP_MASTER)).toBe(true);
    expect(project.includes(SHOP_AUDIO)).toBe(false);

    const contacts = await fetch(byKind.contacts!);
    expect(contacts.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = (await contacts.text()).trim().split('\r\n');
    expect(rows[0]).toBe('name,role,company,city,email,website');
    expect(rows).toHaveLength(CONTACT_COUNT + 1);
    expect(CONTACT_COUNT).toBeGreaterThan(2300);

    const started = clock.now().getTime();
    try {
      clock.advance(180 * DAY_MS - 1);
      expect((await fetch(byKind.contacts!)).status).toBe(200);
      clock.advance(1);
      const expired = await fetch(byKind.beat!);
      expect(expired.status).toBe(410);
      expect(await expired.json()).toEqual({
        statusCode: 410,
        message: `This download link expired on ${new Date(started + 180 * DAY_MS).toISOString().slice(0, 10)}: purchased files can be downloaded for 180 days`,
      });
    } finally {
      clock.advance(started - clock.now().getTime());
    }
    expect((await fetch(`${app.baseUrl}/api/v1/downloads/${'x'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/api/v1/downloads/short`)).status).toBe(404);
  });

  test('the storefront\'s links serve the buyer\'s own session only, mailed links whoever holds the mail; every download is logged without an address', async () => {
    const visitor = await buyer();
    const { id: userId } = (await visitor.json<{ id: number }>('GET', '/auth/checkhealth')).body;
    await fill(visitor, [SHOP.samplePack.productId]);
    const { body } = await order(visitor, 'POST', '/ecommerce/orders/stripe', VISA);
    const [pack] = body.downloads;
    expect(await downloadAs(visitor, pack!.url)).toMatchObject({ status: 200 });

    // The same link copied elsewhere: a guest is asked to log in, another buyer finds nothing.
    const guest = await fetch(local(pack!.url));
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ statusCode: 401, message: 'Please log in to download your purchases, or use the link in your order mail' });
    const stranger = await buyer();
    expect((await downloadAs(stranger, pack!.url)).status).toBe(404);
    expect((await downloadAs(visitor, pack!.url.replace(/\/samplePack$/, '/beat'))).status).toBe(404);
    expect((await downloadAs(visitor, pack!.url.replace(body.id, 'not-an-order'))).status).toBe(404);

    const [mailed] = mailedLinks(await latestMailText(`orders${counter - 1}@example.com`));
    expect((await fetch(mailed!)).status).toBe(200);

    const log = await app.deps.database.query.selectFrom('commerce_download_log').selectAll().where('order_id', '=', body.id).orderBy('id').execute();
    expect(log.map((row) => [row.product_id, row.kind, row.via, row.user_id === null ? null : Number(row.user_id), Number(row.downloaded_at)])).toEqual([
      [SHOP.samplePack.productId, 'samplePack', 'account', userId, clock.now().getTime()],
      [SHOP.samplePack.productId, 'samplePack', 'mailed_link', null, clock.now().getTime()],
    ]);
    expect(Object.keys(log[0]!).sort()).toEqual(['downloaded_at', 'id', 'kind', 'order_id', 'product_id', 'user_id', 'via']);
  });

  test('a declined card fails the order with the reason; paying again with another card works', async () => {
    const visitor = await buyer();
    await fill(visitor, [SHOP.pack.productId]);
    const declined = await order(visitor, 'POST', '/ecommerce/orders/stripe', DECLINED);
    expect(declined.body).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.', downloads: [] });
    expect((await visitor.json<Cart>('GET', '/ecommerce/cart')).body.items).toHaveLength(1);
    const paid = await order(visitor, 'POST', '/ecommerce/orders/stripe', VISA);
    expect(paid.body).toMatchObject({ status: 'paid' });
    expect(paid.body.id).not.toBe(declined.body.id);
  });

  test('the same request retried answers the same order and charges once', async () => {
    const visitor = await buyer();
    await fill(visitor, [SHOP.pack.productId]);
    const headers = { 'Idempotency-Key': 'checkout-attempt-0001' };
    const [first, second] = await Promise.all([
      order(visitor, 'POST', '/ecommerce/orders/stripe', VISA, headers),
      order(visitor, 'POST', '/ecommerce/orders/stripe', VISA, headers),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(second.body.id).toBe(first.body.id);
    const third = await order(visitor, 'POST', '/ecommerce/orders/stripe', VISA, headers);
    expect(third).toMatchObject({ status: 200, body: { id: first.body.id, status: 'paid' } });
    expect((await sandbox.forOrder(first.body.id)).map((payment) => payment.charges)).toEqual([1]);
    expect(await mailCount(`orders${counter}@example.com`)).toBe(1);

    // Without a key, the same cart while its order waits for 3-D Secure is the same order too.
    await fill(visitor, [SHOP.samplePack.productId]);
    const waiting = await order(visitor, 'POST', '/ecommerce/orders/stripe', THREE_DS);
    const again = await order(visitor, 'POST', '/ecommerce/orders/stripe', THREE_DS);
    expect(again).toMatchObject({ status: 200, body: { id: waiting.body.id, status: 'requires_action' } });
  });

  test('buying the same sample pack again after a paid order is a new order and a new charge', async () => {
    const visitor = await buyer();
    await fill(visitor, [SHOP.pack.productId]);
    const first = await order(visitor, 'POST', '/ecommerce/orders/stripe', VISA);
    expect(first).toMatchObject({ status: 201, body: { status: 'paid' } });
    await fill(visitor, [SHOP.pack.productId]);
    const second = await order(visitor, 'POST', '/ecommerce/orders/stripe', VISA);
    expect(second).toMatchObject({ status: 201, body: { status: 'paid', downloads: [{ kind: 'samplePack', productId: SHOP.pack.productId }] } });
    expect(second.body.id).not.toBe(first.body.id);
    expect((await sandbox.forOrder(second.body.id)).map((payment) => payment.charges)).toEqual([1]);
    expect((await visitor.json<Cart>('GET', '/ecommerce/cart')).body.items).toEqual([]);
  });

  test('the same cart after its open order outlived the reservation window is a new order; the old one is cancelled and never charges', async () => {
    const visitor = await buyer();
    await fill(visitor, [SHOP.samplePack.productId]);
    const stale = await order(visitor, 'POST', '/ecommerce/orders/stripe', THREE_DS);
    expect(stale.body.status).toBe('requires_action');
    clock.advance(RESERVATION_MS);
    const fresh = await order(visitor, 'POST', '/ecommerce/orders/stripe', THREE_DS);
    expect(fresh).toMatchObject({ status: 201, body: { status: 'requires_action' } });
    expect(fresh.body.id).not.toBe(stale.body.id);
    expect((await order(visitor, 'GET', `/ecommerce/orders/${stale.body.id}/refresh-status`)).body.status).toBe('cancelled');
    await sandboxStep(local(stale.body.nextActionUrl!), 'approve');
    expect((await order(visitor, 'GET', `/ecommerce/orders/${stale.body.id}/refresh-status`)).body.status).toBe('cancelled');
    expect((await sandbox.forOrder(stale.body.id)).map((payment) => [payment.status, payment.charges])).toEqual([['canceled', 0]]);
    await sandboxStep(local(fresh.body.nextActionUrl!), 'approve');
    expect((await order(visitor, 'GET', `/ecommerce/orders/${fresh.body.id}/refresh-status`)).body.status).toBe('paid');
  });

  test('an abandoned 3-D Secure order of the same buyer gives way to their next payment for the beat and never charges', async () => {
    const beat = { ...SHOP.beat, productId: 45, name: 'Glass Harbor' };
    await listProducts(app.deps, [beat]);
    const visitor = await buyer();
    await fill(visitor, [beat.productId]);
    const abandoned = await order(visitor, 'POST', '/ecommerce/orders/stripe', THREE_DS);
    expect(abandoned.body.status).toBe('requires_action');
    // Back from the sandbox page without finishing it, then another card.
    const paid = await order(visitor, 'POST', '/ecommerce/orders/stripe', VISA);
    expect(paid).toMatchObject({ status: 201, body: { status: 'paid', failureReason: null } });
    expect((await order(visitor, 'GET', `/ecommerce/orders/${abandoned.body.id}/refresh-status`)).body.status).toBe('cancelled');

    // The old sandbox page completed late: no charge, no second sale.
    expect(await sandboxStep(local(abandoned.body.nextActionUrl!), 'approve')).toBe(`/cart?orderId=${abandoned.body.id}`);
    expect((await order(visitor, 'GET', `/ecommerce/orders/${abandoned.body.id}/refresh-status`)).body).toMatchObject({ status: 'cancelled', downloads: [] });
    expect((await sandbox.forOrder(abandoned.body.id)).map((payment) => [payment.status, payment.charges, payment.refunds])).toEqual([['canceled', 0, 0]]);
    const sales = await app.deps.eventStore.readAll({ types: ['ProductSold'] });
    expect(sales.filter((event) => (event.data as { productId: number }).productId === beat.productId).map((event) => (event.data as { orderId: string }).orderId)).toEqual([paid.body.id]);
  });

  test('an abandoned 3-D Secure order of the same buyer does not block PayPal for the beat; another buyer still cannot have it', async () => {
    const beat = { ...SHOP.beat, productId: 46, name: 'Velvet Static' };
    await listProducts(app.deps, [beat]);
    const visitor = await buyer();
    await fill(visitor, [beat.productId]);
    const abandoned = await order(visitor, 'POST', '/ecommerce/orders/stripe', THREE_DS);
    const paypal = await order(visitor, 'POST', '/ecommerce/orders', PAYPAL);
    expect(paypal).toMatchObject({ status: 201, body: { status: 'requires_action', paymentMethod: 'paypal', failureReason: null } });
    expect((await order(visitor, 'GET', `/ecommerce/orders/${abandoned.body.id}/refresh-status`)).body.status).toBe('cancelled');

    const rival = await buyer();
    await fill(rival, [beat.productId]);
    expect((await order(rival, 'POST', '/ecommerce/orders/stripe', VISA)).body).toMatchObject({
      status: 'failed',
      failureReason: 'Velvet Static is no longer available: another buyer got it first. You were not charged.',
    });

    await sandboxStep(local(paypal.body.nextActionUrl!), 'approve');
    expect((await order(visitor, 'POST', `/ecommerce/payments/paypal/${paypal.body.id}/capture`)).body.status).toBe('paid');
    await sandboxStep(local(abandoned.body.nextActionUrl!), 'approve');
    expect((await sandbox.forOrder(abandoned.body.id)).map((payment) => payment.charges)).toEqual([0]);
    expect((await order(visitor, 'GET', `/ecommerce/orders/${abandoned.body.id}/refresh-status`)).body.status).toBe('cancelled');
  });

  test('3-D Secure: requires_action with a sandbox page; completing it pays the order once, however often it is confirmed', async () => {
    const visitor = await buyer();
    const email = `orders${counter}@example.com`;
    await fill(visitor, [SHOP.samplePack.productId]);
    const { status, body } = await order(visitor, 'POST', '/ecommerce/orders/stripe', THREE_DS);
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'requires_action', downloads: [] });
    expect(body.nextActionUrl).toMatch(/^\/sandbox-pay\/sbx_[0-9a-f]{24}$/);
    const pageUrl = local(body.nextActionUrl!);
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Complete authentication');
    expect((await order(visitor, 'GET', `/ecommerce/orders/${body.id}/refresh-status`)).body.status).toBe('requires_action');

    expect(await sandboxStep(pageUrl, 'approve')).toBe(`/cart?orderId=${body.id}`);
    const refreshed = await order(visitor, 'GET', `/ecommerce/orders/${body.id}/refresh-status`);
    expect(refreshed.body).toMatchObject({ status: 'paid', downloads: [{ kind: 'samplePack' }] });
    // The confirmation page posted twice (a reload) and refreshed again: still one charge, one delivery, one mail.
    await sandboxStep(pageUrl, 'approve');
    expect((await order(visitor, 'GET', `/ecommerce/orders/${body.id}/refresh-status`)).body.downloads).toEqual(refreshed.body.downloads);
    expect((await sandbox.forOrder(body.id)).map((payment) => payment.charges)).toEqual([1]);
    expect(await mailCount(email)).toBe(1);
  });

  test('3-D Secure failed on the sandbox page fails the order', async () => {
    const visitor = await buyer();
    await fill(visitor, [SHOP.samplePack.productId]);
    const { body } = await order(visitor, 'POST', '/ecommerce/orders/stripe', THREE_DS);
    await sandboxStep(local(body.nextActionUrl!), 'decline');
    expect((await order(visitor, 'GET', `/ecommerce/orders/${body.id}/refresh-status`)).body).toMatchObject({
      status: 'failed',
      failureReason: 'The card could not be authenticated.',
    });
  });

  test('the sandbox page takes its buttons from this site only: a cross-site post settles nothing', async () => {
    const visitor = await buyer();
    await fill(visitor, [SHOP.samplePack.productId]);
    const { body } = await order(visitor, 'POST', '/ecommerce/orders/stripe', THREE_DS);
    const crossSite: Record<string, string>[] = [{ 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'https://evil.example' }];
    for (const headers of crossSite) {
      const response = await fetch(`${local(body.nextActionUrl!)}/approve`, { method: 'POST', redirect: 'manual', headers });
      expect(response.status).toBe(403);
    }
    expect((await order(visitor, 'GET', `/ecommerce/orders/${body.id}/refresh-status`)).body.status).toBe('requires_action');
    expect((await sandbox.forOrder(body.id)).map((payment) => payment.charges)).toEqual([0]);
  });

  test('cancel: an open order is cancelled (twice is fine) and frees its beat; a paid order is not', async () => {
    const visitor = await buyer();
    const beat = { ...SHOP.beat, productId: 41, name: 'Paper Ghosts' };
    await listProducts(app.deps, [beat]);
    await fill(visitor, [beat.productId]);
    const { body } = await order(visitor, 'POST', '/ecommerce/orders/stripe', THREE_DS);
    const rival = await buyer();
    await fill(rival, [beat.productId]);
    expect((await order(rival, 'POST', '/ecommerce/orders/stripe', VISA)).body).toMatchObject({
      status: 'failed',
      failureReason: 'Paper Ghosts is no longer available: another buyer got it first. You were not charged.',
    });
    expect((await order(visitor, 'POST', `/ecommerce/orders/${body.id}/cancel`)).body).toMatchObject({ status: 'cancelled', nextActionUrl: null });
    expect((await order(visitor, 'POST', `/ecommerce/orders/${body.id}/cancel`)).body.status).toBe('cancelled');
    expect((await sandbox.forOrder(body.id)).map((payment) => [payment.status, payment.charges])).toEqual([['canceled', 0]]);

    const bought = await order(rival, 'POST', '/ecommerce/orders/stripe', VISA);
    expect(bought.body.status).toBe('paid');
    expect((await order(rival, 'POST', `/ecommerce/orders/${bought.body.id}/cancel`))).toMatchObject({ status: 409, body: { message: 'A paid order cannot be cancelled' } });
  });

  test('PayPal: approval page, back to the cart, capture completes it; capture again changes nothing', async () => {
    const visitor = await buyer();
    await fill(visitor, [SHOP.pack.productId]);
    const { status, body } = await order(visitor, 'POST', '/ecommerce/orders', PAYPAL, { 'X-Tracking-Id': 'pp-1' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'requires_action', paymentMethod: 'paypal' });
    const pageUrl = local(body.nextActionUrl!);
    expect(await (await fetch(pageUrl)).text()).toContain('Approve payment');
    expect(await order(visitor, 'POST', `/ecommerce/payments/paypal/${body.id}/capture`)).toMatchObject({
      status: 409,
      body: { message: 'The PayPal payment has not been approved yet' },
    });
    expect(await sandboxStep(pageUrl, 'approve')).toBe(`/cart?orderId=${body.id}`);
    const captured = await order(visitor, 'POST', `/ecommerce/payments/paypal/${body.id}/capture`);
    expect(captured).toMatchObject({ status: 200, body: { status: 'paid', downloads: [{ kind: 'samplePack', productId: SHOP.pack.productId }] } });
    expect((await order(visitor, 'POST', `/ecommerce/payments/paypal/${body.id}/capture`)).body).toEqual(captured.body);
    expect((await sandbox.forOrder(body.id)).map((payment) => payment.charges)).toEqual([1]);
  });

  test('PayPal: cancelling on the approval page or through the API cancels the order', async () => {
    const visitor = await buyer();
    await fill(visitor, [SHOP.pack.productId]);
    const first = await order(visitor, 'POST', '/ecommerce/orders', PAYPAL);
    expect(await sandboxStep(local(first.body.nextActionUrl!), 'decline')).toBe(`/cart?orderId=${first.body.id}&cancelled=true`);
    expect((await order(visitor, 'GET', `/ecommerce/orders/${first.body.id}/refresh-status`)).body.status).toBe('cancelled');
    const second = await order(visitor, 'POST', '/ecommerce/orders', PAYPAL);
    expect(second.body.id).not.toBe(first.body.id);
    expect((await order(visitor, 'POST', `/ecommerce/payments/paypal/${second.body.id}/cancel`)).body.status).toBe('cancelled');
    expect((await order(visitor, 'POST', `/ecommerce/payments/paypal/${second.body.id}/capture`)).status).toBe(409);
  });

  test('a wallet payment answers a client secret; completing the wallet sheet pays', async () => {
    const visitor = await buyer();
    await fill(visitor, [SHOP.samplePack.productId]);
    const { body } = await order(visitor, 'POST', '/ecommerce/orders', { ...PAYPAL, paymentMethod: 'wallet', paymentMethodWalletType: 'google_pay' });
    expect(body).toMatchObject({ status: 'requires_action', paymentMethod: 'wallet', clientSecret: expect.stringMatching(/^sbx_[0-9a-f]{24}_secret_sandbox$/) });
    await sandboxStep(local(body.nextActionUrl!), 'approve');
    expect((await order(visitor, 'GET', `/ecommerce/orders/${body.id}/refresh-status`)).body.status).toBe('paid');
  });

  test('two parallel checkouts of one beat: one sale, the other refused before any money moves', async () => {
    const beat = { ...SHOP.beat, productId: 42, name: 'Silent Orbit' };
    await listProducts(app.deps, [beat]);
    const [first, second] = await Promise.all([buyer(), buyer()]);
    await fill(first, [beat.productId]);
    await fill(second, [beat.productId]);
    const paymentsBefore = (await sandbox.all()).length;
    const results = await Promise.all([first, second].map((visitor) => order(visitor, 'POST', '/ecommerce/orders/stripe', VISA)));
    const sold = results.filter((result) => result.body.status === 'paid');
    expect(sold).toHaveLength(1);
    // The loser is refused before paying: at checkout if it came second, or at the reservation if both raced.
    const [refused] = results.filter((result) => result.body.status !== 'paid');
    if (refused!.status === 409) expect(refused!.body.message).toBe('Silent Orbit is not available anymore');
    else expect(refused!.body).toMatchObject({ status: 'failed', failureReason: 'Silent Orbit is no longer available: another buyer got it first. You were not charged.' });
    expect((await sandbox.all()).slice(paymentsBefore).map((payment) => [payment.orderId, payment.charges])).toEqual([[sold[0]!.body.id, 1]]);
    const sales = await app.deps.eventStore.readAll({ types: ['ProductSold'] });
    expect(sales.filter((event) => (event.data as { productId: number }).productId === beat.productId)).toHaveLength(1);
  });

  test('two reservations of one beat racing in the event store: exactly one holds it', async () => {
    const beat = { ...SHOP.beat, productId: 44, name: 'Hollow Signal' };
    await listProducts(app.deps, [beat]);
    const at = clock.now();
    const reserve = (orderId: string) =>
      handleCommand(app.deps.eventStore, productStreamId(beat.productId), productDecider, {
        type: 'ReserveProduct',
        productId: beat.productId,
        orderId,
        at: at.toISOString(),
        until: new Date(at.getTime() + RESERVATION_MS).toISOString(),
      });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, index) => reserve(`race-${index}`)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) if (result.status === 'rejected') expect(String(result.reason)).toMatch(/being bought by another buyer/);
  });

  test('a beat sold after a reservation ran out is refunded automatically, with the reason', async () => {
    const beat = { ...SHOP.beat, productId: 43, name: 'Amber Tides' };
    await listProducts(app.deps, [beat]);
    const slow = await buyer();
    await fill(slow, [beat.productId]);
    const waiting = await order(slow, 'POST', '/ecommerce/orders/stripe', THREE_DS);
    const fast = await buyer();
    await fill(fast, [beat.productId]);
    clock.advance(RESERVATION_MS + 1);
    expect((await order(fast, 'POST', '/ecommerce/orders/stripe', VISA)).body.status).toBe('paid');
    await sandboxStep(local(waiting.body.nextActionUrl!), 'approve');
    expect((await order(slow, 'GET', `/ecommerce/orders/${waiting.body.id}/refresh-status`)).body).toMatchObject({
      status: 'refunded',
      failureReason: 'Amber Tides was sold to another buyer before your payment completed. Your payment has been refunded.',
      downloads: [],
    });
    expect((await sandbox.forOrder(waiting.body.id)).map((payment) => [payment.charges, payment.refunds])).toEqual([[1, 1]]);
  });

  test('an order of two beats that can have only one is refunded whole, and the beat it did take is for sale again', async () => {
    const [kept, lost] = [
      { ...SHOP.beat, productId: 47, name: 'Cobalt Rooms' },
      { ...SHOP.beat, productId: 48, name: 'Lantern Bay' },
    ];
    await listProducts(app.deps, [kept, lost]);
    const slow = await buyer();
    await fill(slow, [kept.productId], [lost.productId]);
    const waiting = await order(slow, 'POST', '/ecommerce/orders/stripe', THREE_DS);
    const fast = await buyer();
    await fill(fast, [lost.productId]);
    clock.advance(RESERVATION_MS + 1);
    expect((await order(fast, 'POST', '/ecommerce/orders/stripe', VISA)).body.status).toBe('paid');
    await sandboxStep(local(waiting.body.nextActionUrl!), 'approve');
    expect((await order(slow, 'GET', `/ecommerce/orders/${waiting.body.id}/refresh-status`)).body).toMatchObject({
      status: 'refunded',
      failureReason: 'Lantern Bay was sold to another buyer before your payment completed. Your payment has been refunded.',
    });
    expect((await sandbox.forOrder(waiting.body.id)).map((payment) => [payment.charges, payment.refunds])).toEqual([[1, 1]]);
    await app.deps.projector.catchUp();
    expect((await slow.json<Product>('GET', `/tracks/${kept.productId}`)).body.isSold).toBe(false);
    const next = await buyer();
    await fill(next, [kept.productId]);
    expect((await order(next, 'POST', '/ecommerce/orders/stripe', VISA)).body.status).toBe('paid');
  });

  test('coupons apply to the order total; a bad coupon refuses the order', async () => {
    const visitor = await buyer();
    await fill(visitor, [SHOP.pack.productId]);
    expect(await order(visitor, 'POST', '/ecommerce/orders/stripe', { ...VISA, coupon: 'nosuch' })).toMatchObject({
      status: 400,
      body: { message: 'Coupon nosuch does not exist' },
    });
    const saved = clock.now().getTime();
    clock.advance(Date.parse('2026-12-05T12:00:00Z') - saved);
    try {
      // 250 - 30% = 175, + 2.99 + 8.75
      expect((await order(visitor, 'POST', '/ecommerce/orders/stripe', { ...VISA, coupon: SITEWIDE_COUPON_CODE })).body).toMatchObject({ status: 'paid', total: 186.74 });
    } finally {
      clock.advance(saved - clock.now().getTime());
    }
  });

  describe('bad input changes nothing', () => {
    test.each([
      ['/ecommerce/orders/stripe', {}, /stripePaymentMethodId/],
      ['/ecommerce/orders/stripe', { stripePaymentMethodId: '4242424242424242', coupon: null }, /starts with pm_/],
      ['/ecommerce/orders/stripe', { ...VISA, extra: 1 }, /extra/],
      ['/ecommerce/orders', { ...PAYPAL, paymentMethod: 'cash' }, /paymentMethod/],
      ['/ecommerce/orders', { ...PAYPAL, paymentMethod: 'card' }, /Card payments go to/],
      ['/ecommerce/orders', { ...PAYPAL, paymentMethod: 'wallet' }, /names its wallet/],
      ['/ecommerce/orders', { ...PAYPAL, shippingAddress: { fullName: '' } }, /shippingAddress/],
    ])('POST %s %j', async (pathName, body, message) => {
      const visitor = await buyer();
      await fill(visitor, [SHOP.pack.productId]);
      const ordersBefore = (await app.deps.eventStore.readAll({ types: ['OrderPlaced'], limit: 10_000 })).length;
      const response = await order(visitor, 'POST', pathName, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
      expect(await app.deps.eventStore.readAll({ types: ['OrderPlaced'], limit: 10_000 })).toHaveLength(ordersBefore);
      expect((await visitor.json<Cart>('GET', '/ecommerce/cart')).body.items).toHaveLength(1);
    });

    test('an empty cart, a malformed id, a malformed key, someone else\'s order', async () => {
      const visitor = await buyer();
      expect(await order(visitor, 'POST', '/ecommerce/orders/stripe', VISA)).toMatchObject({ status: 400, body: { message: 'Your cart has nothing to pay for' } });
      expect((await order(visitor, 'GET', '/ecommerce/orders/not-an-id/refresh-status')).status).toBe(400);
      await fill(visitor, [SHOP.pack.productId]);
      expect((await order(visitor, 'POST', '/ecommerce/orders/stripe', VISA, { 'Idempotency-Key': 'bad key!' })).status).toBe(400);
      const mine = await order(visitor, 'POST', '/ecommerce/orders/stripe', VISA);
      const stranger = await buyer();
      expect((await order(stranger, 'GET', `/ecommerce/orders/${mine.body.id}/refresh-status`)).status).toBe(404);
      expect((await order(stranger, 'POST', `/ecommerce/orders/${mine.body.id}/cancel`)).status).toBe(404);
      expect((await order(visitor, 'POST', `/ecommerce/payments/paypal/${mine.body.id}/capture`)).status).toBe(400);
    });

    test('the sandbox takes no webhooks; its pages refuse unknown payments', async () => {
      expect((await fetch(`${app.baseUrl}/api/v1/ecommerce/payments/stripe/webhook`, { method: 'POST', body: '{}' })).status).toBe(404);
      expect((await fetch(`${app.baseUrl}/sandbox-pay/sbx_${'0'.repeat(24)}`)).status).toBe(404);
    });
  });
});
