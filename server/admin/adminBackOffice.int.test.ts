import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminBuyerDetail, AdminBuyerPage, AdminOrderDetail, AdminOrderPage, AdminProducerDetail, AdminProducerPage, AdminTrackDetail, AdminTrackPage } from '../../shared/schemas/adminLists';
import type { Order } from '../../shared/schemas/order';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { asShown } from '../../test/helpers/shownTotal';
import { openStream } from '../../test/helpers/accountStreamReader';
import { verifiedProducer } from '../../test/helpers/beatUploads';
import { listProducts, listShop, SHOP, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { BEAT_DETAILS } from '../../test/helpers/beatDetails';
import { grantRole } from '../auth/staffRoles';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { ACCOUNT_BLOCKED } from '../auth/requireUser';

const VISA = { stripePaymentMethodId: 'pm_card_visa', coupon: null };
const PASSWORD = registration().password;
/** Beats 201–230 of producer 1, for paging. */
const PAGING_BEATS = Array.from({ length: 30 }, (_, index) => ({ ...SHOP.beat, productId: 201 + index, name: `Paging beat ${index + 1}` }));

describe('the admin back office: lists, details, refunds, blocking (issue 15)', () => {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-admin-media-'));
  let app: TestApp;
  let admin: ApiBrowser;
  let adminId: number;
  let buyer: ApiBrowser;
  let buyerId: number;
  let beatOrder: Order;
  let counter = 0;

  const account = async (email: string, form: Record<string, unknown> = {}) => {
    const browser = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.9.0.${++counter}` });
    expect((await browser.json('POST', '/auth/register', registration({ email, ...form }))).status).toBe(201);
    const { id } = (await browser.json<{ id: number }>('GET', '/auth/checkhealth')).body;
    return { browser, id };
  };
  const staff = async (email: string, role: 'moderator' | 'admin') => {
    const made = await account(email);
    await grantRole(app.deps, email, role);
    expect((await made.browser.json('POST', '/auth/login', { email, password: PASSWORD })).status).toBe(200);
    return made;
  };
  const buy = async (browser: ApiBrowser, productId: number) => {
    expect((await browser.json('POST', '/ecommerce/cart', { product: productId, includeProjectFile: false })).status).toBe(200);
    const paid = await browser.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(browser, VISA));
    expect(paid.body.status).toBe('paid');
    return paid.body;
  };
  /** A processed upload of the producer, waiting for a moderator, as the processing job leaves it. */
  const waitingUpload = async (producerId: number) => {
    const productId = 400 + ++counter;
    const stream = productStreamId(productId);
    const details = { ...BEAT_DETAILS, name: `Waiting ${productId}` };
    await handleCommand(app.deps.eventStore, stream, productDecider, {
      type: 'SubmitProduct',
      submission: { productId, producerId, details, files: { master: `private/masters/${productId}.wav`, stems: null, cover: null } },
    });
    await handleCommand(app.deps.eventStore, stream, productDecider, {
      type: 'RecordProcessing',
      processed: { productId, master: { format: 'wav', durationSeconds: 90, sampleRate: 44_100, channels: 2 }, preview: SHOP.beat.preview, coverImageSrc: null },
    });
    await app.deps.projector.catchUp();
    return productId;
  };
  const outboxTo = (to: string, subject: string) =>
    app.deps.database.query.selectFrom('mail_outbox').select('id').where('to_address', '=', to).where('subject', '=', subject).execute();

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    app = await startTestApp({ env: { MEDIA_DIR: mediaDir } });
    await listShop(app.deps, PAGING_BEATS);
    ({ browser: admin, id: adminId } = await staff('boss@example.com', 'admin'));
    ({ browser: buyer, id: buyerId } = await account('grace.hopper@example.com', { firstName: 'Grace', lastName: 'Hopper' }));
    beatOrder = await buy(buyer, SHOP.beat.productId);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('All buyers: search by email, name or id, paged with a total', async () => {
    const byEmail = await admin.json<AdminBuyerPage>('GET', '/admin/buyers?q=GRACE.hopper');
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({ total: 1, page: 1, pageSize: 25, rows: [{ id: buyerId, email: 'grace.hopper@example.com', orderCount: 1, blocked: false }] });
    expect((await admin.json<AdminBuyerPage>('GET', '/admin/buyers?q=grace%20hop')).body.rows.map((row) => row.id)).toEqual([buyerId]);
    expect((await admin.json<AdminBuyerPage>('GET', `/admin/buyers?q=${buyerId}`)).body.rows.map((row) => row.id)).toContain(buyerId);
    // A % typed is a character, not a wildcard.
    expect((await admin.json<AdminBuyerPage>('GET', '/admin/buyers?q=%25')).body.total).toBe(0);
    const beyond = await admin.json<AdminBuyerPage>('GET', '/admin/buyers?page=2');
    expect(beyond.body.rows).toEqual([]);
    expect(beyond.body.total).toBeGreaterThanOrEqual(2);
  });

  test('All tracks: by name, producer and state, 25 a page', async () => {
    const first = await admin.json<AdminTrackPage>('GET', '/admin/tracks?q=paging');
    expect(first.body.total).toBe(30);
    expect(first.body.rows).toHaveLength(25);
    const second = await admin.json<AdminTrackPage>('GET', '/admin/tracks?q=paging&page=2');
    expect(second.body.rows).toHaveLength(5);
    expect(new Set([...first.body.rows, ...second.body.rows].map((row) => row.id)).size).toBe(30);
    const sold = await admin.json<AdminTrackPage>('GET', '/admin/tracks?status=sold');
    expect(sold.body.rows.map((row) => [row.id, row.soldOrderId])).toEqual([[SHOP.beat.productId, beatOrder.id]]);
    const artist = sold.body.rows[0]!.artistName!;
    expect((await admin.json<AdminTrackPage>('GET', `/admin/tracks?q=${encodeURIComponent(artist)}&status=listed`)).body.total).toBe(30);
    // Sample packs are not tracks.
    expect((await admin.json<AdminTrackPage>('GET', `/admin/tracks?q=${encodeURIComponent(SHOP.pack.name)}`)).body.total).toBe(0);
  });

  test('All producers: every profile with its account, searchable; moderators read it too', async () => {
    const all = await admin.json<AdminProducerPage>('GET', '/admin/producers');
    expect(all.body.total).toBe(4);
    const one = await admin.json<AdminProducerPage>('GET', `/admin/producers?q=${SHOP.pack.producerId}`);
    expect(one.body.rows.map((row) => row.id)).toContain(SHOP.pack.producerId);
    const { browser: moderator } = await staff('mod@example.com', 'moderator');
    expect((await moderator.json('GET', '/admin/producers')).status).toBe(200);
    expect((await moderator.json('GET', `/admin/producers/${SHOP.pack.producerId}`)).status).toBe(200);
  });

  test('Orders: by the buyer email or the id, state, and the days placed', async () => {
    const byEmail = await admin.json<AdminOrderPage>('GET', '/admin/orders?q=grace.hopper@');
    expect(byEmail.body.rows.map((row) => [row.id, row.buyerEmail, row.items])).toEqual([[beatOrder.id, 'grace.hopper@example.com', [SHOP.beat.name]]]);
    expect((await admin.json<AdminOrderPage>('GET', `/admin/orders?q=${beatOrder.id.slice(0, 8)}`)).body.rows.map((row) => row.id)).toEqual([beatOrder.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.json<AdminOrderPage>('GET', `/admin/orders?status=paid&from=${today}&to=${today}`)).body.total).toBeGreaterThanOrEqual(1);
    expect((await admin.json<AdminOrderPage>('GET', '/admin/orders?to=2020-01-01')).body.total).toBe(0);
    expect((await admin.json<AdminOrderPage>('GET', '/admin/orders?status=refunded&q=grace')).body.total).toBe(0);
  });

  test.each([
    ['/admin/buyers?page=0', 'Invalid page'],
    ['/admin/buyers?page=abc', 'Invalid page'],
    ['/admin/buyers?sort=name', 'Invalid sort: no such field in this request'],
    ['/admin/tracks?status=lost', 'Invalid status'],
    ['/admin/orders?from=2026-02-30', 'Expected a date as YYYY-MM-DD'],
    ['/admin/orders?from=2026-13-01', 'Expected a date as YYYY-MM-DD'],
    ['/admin/orders?to=2026-00-10', 'Expected a date as YYYY-MM-DD'],
    ['/admin/orders?from=2026-12-32', 'Expected a date as YYYY-MM-DD'],
    ['/admin/orders?from=2026-11-22&to=2026-11-01', 'The "from" date must not be after the "to" date'],
    [`/admin/orders?q=${'x'.repeat(101)}`, 'Invalid q: A search is at most 100 characters long'],
    ['/admin/orders/not-an-order', 'Invalid order id'],
    ['/admin/buyers/abc', 'Invalid buyer id'],
    ['/admin/tracks/1e3', 'Invalid product id'],
  ])('%s is a 400 that says what is wrong', async (call, message) => {
    const { status, body } = await admin.json<{ statusCode: number; message: string }>('GET', call);
    expect(status).toBe(400);
    expect(body.message).toContain(message);
  });

  test('details: a buyer with their orders, a producer with their products, a track', async () => {
    const buyerDetail = await admin.json<AdminBuyerDetail>('GET', `/admin/buyers/${buyerId}`);
    expect(buyerDetail.body).toMatchObject({ account: { id: buyerId, firstName: 'Grace', roles: ['client'], blocked: false }, orders: [{ id: beatOrder.id }] });
    expect(JSON.stringify(buyerDetail.body)).not.toMatch(/password|token/i);
    expect((await admin.json('GET', `/admin/buyers/${adminId + 1000}`)).status).toBe(404);
    const producer = await admin.json<AdminProducerDetail>('GET', `/admin/producers/${SHOP.beat.producerId}`);
    expect(producer.body.account).toBeNull();
    expect(producer.body.products.map((product) => product.id)).toEqual(expect.arrayContaining([SHOP.beat.productId, 201, 230]));
    const track = await admin.json<AdminTrackDetail>('GET', `/admin/tracks/${SHOP.beat.productId}`);
    expect(track.body).toMatchObject({ track: { id: SHOP.beat.productId, status: 'sold', soldOrderId: beatOrder.id }, previewSrc: SHOP.beat.preview.src });
    expect((await admin.json('GET', '/admin/tracks/999999')).status).toBe(404);
  });

  test('order detail: placement, state, files and a history without personal data or link tokens', async () => {
    const { status, body } = await admin.json<AdminOrderDetail>('GET', `/admin/orders/${beatOrder.id}`);
    expect(status).toBe(200);
    expect(body.order).toMatchObject({
      id: beatOrder.id,
      status: 'paid',
      buyerId,
      buyerEmail: 'grace.hopper@example.com',
      lines: [{ productId: SHOP.beat.productId, name: SHOP.beat.name, price: 199 }],
      total: beatOrder.total,
      coupon: null,
      paymentMethod: 'card',
      provider: 'sandbox',
    });
    expect(body.order.providerPaymentId).toEqual(expect.any(String));
    expect(body.downloads).toEqual([expect.objectContaining({ productId: SHOP.beat.productId, kind: 'beat', revoked: false, timesDownloaded: 0 })]);
    expect(body.history.map((event) => event.type)).toEqual(expect.arrayContaining(['OrderPlaced', 'PaymentAttempted', 'PaymentSucceeded', 'OrderDelivered']));
    expect(body.history.find((event) => event.type === 'OrderDelivered')!.data).toEqual({ files: 1 });
    const tokens = (await app.deps.database.query.selectFrom('commerce_downloads').select('token').where('order_id', '=', beatOrder.id).execute()).map((row) => row.token);
    for (const token of tokens) expect(JSON.stringify(body)).not.toContain(token);
    expect(body.refundable).toBe(true);
  });

  test('a client, a producer, a moderator and a guest find none of the admin calls', async () => {
    const { browser: client } = await account('nosy@example.com');
    const { browser: producer } = await account('nosy-producer@example.com', { selectedRole: 'producer', isBuyer: false, socialNetwork: 'https://www.facebook.com/nosy' });
    const { browser: moderator } = await staff('mod2@example.com', 'moderator');
    const guest = new ApiBrowser(app.baseUrl);
    const adminOnly = [
      ['GET', '/admin/buyers'],
      ['GET', `/admin/buyers/${buyerId}`],
      ['GET', '/admin/tracks'],
      ['GET', `/admin/tracks/${SHOP.beat.productId}`],
      ['GET', '/admin/orders'],
      ['GET', `/admin/orders/${beatOrder.id}`],
      ['POST', `/admin/orders/${beatOrder.id}/refund`],
      ['POST', `/admin/users/${buyerId}/block`],
      ['POST', `/admin/users/${buyerId}/unblock`],
    ] as const;
    for (const [method, call] of adminOnly) {
      for (const browser of [client, producer, moderator, guest]) {
        const response = await browser.call(method, call);
        expect([call, response.status]).toEqual([call, 404]);
      }
    }
    for (const browser of [client, producer, guest]) expect((await browser.call('GET', '/admin/producers')).status).toBe(404);
    // Nothing happened to the order the matrix knocked on.
    expect((await admin.json<AdminOrderDetail>('GET', `/admin/orders/${beatOrder.id}`)).body.order.status).toBe('paid');
  });

  test('refund end to end: two presses refund once, the links die, the buyer is mailed once; a downloaded beat stays off sale', async () => {
    const download = beatOrder.downloads.find((file) => file.kind === 'beat')!;
    const accountLink = download.url.replace('/api/v1', '');
    expect((await buyer.call('GET', accountLink)).status).toBe(200);
    const [first, second] = await Promise.all([admin.json('POST', `/admin/orders/${beatOrder.id}/refund`), admin.json('POST', `/admin/orders/${beatOrder.id}/refund`)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body).toMatchObject({ status: 'refunded', relisted: [] });
    expect((await admin.json('POST', `/admin/orders/${beatOrder.id}/refund`)).status).toBe(200);
    const payments = (await app.deps.payments.sandbox!.all()).filter((payment) => payment.orderId === beatOrder.id);
    expect(payments.reduce((sum, payment) => sum + payment.refunds, 0)).toBe(1);
    const detail = (await admin.json<AdminOrderDetail>('GET', `/admin/orders/${beatOrder.id}`)).body;
    expect(detail.order.status).toBe('refunded');
    expect(detail.refundable).toBe(false);
    expect(detail.downloads[0]).toMatchObject({ revoked: true, timesDownloaded: 1 });
    expect(detail.history.filter((event) => event.type === 'OrderRefunded')).toHaveLength(1);
    const dead = await buyer.json<{ message: string }>('GET', accountLink);
    expect(dead.status).toBe(410);
    expect(dead.body.message).toBe('This order was refunded, so its files can no longer be downloaded');
    expect(await outboxTo('grace.hopper@example.com', 'Your Beatcrate order has been refunded')).toHaveLength(1);
    // Its master left the shop with the download: it stays sold.
    expect((await admin.json<AdminTrackDetail>('GET', `/admin/tracks/${SHOP.beat.productId}`)).body.track.status).toBe('sold');
    expect((await admin.json<{ isSold: boolean }>('GET', `/tracks/${SHOP.beat.productId}`)).body.isSold).toBe(true);
  });

  test('a beat refunded before any download is for sale again; an unpaid order cannot be refunded', async () => {
    const { browser: other } = await account('second.buyer@example.com');
    const order = await buy(other, SHOP.beat2.productId);
    expect((await admin.json<{ isSold: boolean }>('GET', `/tracks/${SHOP.beat2.productId}`)).body.isSold).toBe(true);
    const refunded = await admin.json('POST', `/admin/orders/${order.id}/refund`);
    expect(refunded.body).toEqual({ status: 'refunded', relisted: [SHOP.beat2.productId] });
    expect((await admin.json<{ isSold: boolean }>('GET', `/tracks/${SHOP.beat2.productId}`)).body.isSold).toBe(false);
    expect((await admin.json<AdminTrackDetail>('GET', `/admin/tracks/${SHOP.beat2.productId}`)).body.track).toMatchObject({ status: 'listed', soldOrderId: null });
    expect(await outboxTo('second.buyer@example.com', 'Your Beatcrate order has been refunded')).toHaveLength(1);
    expect((await admin.json('POST', `/admin/orders/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/refund`)).status).toBe(404);
  });

  test('block: the sessions end, login is refused, a producer’s beats leave the shop and come back on unblock', async () => {
    const { browser: producer, producerId } = await verifiedProducer(app.deps, app.baseUrl, 'Blocked Beats');
    const { id: producerUserId } = (await producer.json<{ id: number }>('GET', '/auth/checkhealth')).body;
    const beat = { ...SHOP.beat, productId: 300, producerId, name: 'Soon Withheld' };
    await listProducts(app.deps, [beat]);
    expect((await admin.json('GET', '/tracks/300')).status).toBe(200);
    const { browser: cartHolder } = await account('cart.holder@example.com');
    expect((await cartHolder.json('POST', '/ecommerce/cart', { product: 300, includeProjectFile: false })).status).toBe(200);

    const blocked = await admin.json('POST', `/admin/users/${producerUserId}/block`);
    expect(blocked).toEqual({ status: 200, body: { blocked: true, withheldProducts: 1 } });
    expect((await producer.call('GET', '/auth/checkhealth')).status).toBe(401);
    const login = await producer.json<{ message: string }>('POST', '/auth/login', { email: 'blockedbeats@example.com', password: PASSWORD });
    expect(login).toEqual({ status: 403, body: { statusCode: 403, message: ACCOUNT_BLOCKED } });
    expect((await admin.json('GET', '/tracks/300')).status).toBe(404);
    const search = await admin.json<{ tracks?: { id: number }[] }>('GET', `/tracks?author_id=${producerId}`);
    expect(JSON.stringify(search.body)).not.toContain('Soon Withheld');
    const cart = await cartHolder.json<{ items: { product: { id: number }; active: boolean }[] }>('GET', '/ecommerce/cart');
    expect(cart.body.items.find((item) => item.product.id === 300)).toMatchObject({ active: false });
    expect((await admin.json<AdminProducerDetail>('GET', `/admin/producers/${producerId}`)).body).toMatchObject({ account: { blocked: true }, products: [{ id: 300, status: 'withheld' }] });
    // An upload of theirs waiting for a moderator is not approved into the shop meanwhile.
    const upload = await waitingUpload(producerId);
    const approval = await admin.json<{ message: string }>('POST', `/moderation/tracks/${upload}/approve`);
    expect(approval).toEqual({ status: 409, body: { statusCode: 409, message: 'The producer of this beat is blocked; unblock them before approving it' } });

    const unblocked = await admin.json('POST', `/admin/users/${producerUserId}/unblock`);
    expect(unblocked).toEqual({ status: 200, body: { blocked: false, withheldProducts: 0 } });
    expect((await admin.json('GET', '/tracks/300')).status).toBe(200);
    expect((await producer.json('POST', '/auth/login', { email: 'blockedbeats@example.com', password: PASSWORD })).status).toBe(200);
    expect((await cartHolder.json<{ items: { product: { id: number }; active: boolean }[] }>('GET', '/ecommerce/cart')).body.items.find((item) => item.product.id === 300)).toMatchObject({
      active: true,
    });
    expect((await admin.json('POST', `/moderation/tracks/${upload}/approve`)).status).toBe(200);
  });

  test('a buyer is blocked (their open account stream ends with `data: null`) and unblocked; an admin cannot block themselves', async () => {
    const { browser: target, id } = await account('to.block@example.com');
    const stream = await openStream(app.baseUrl, target);
    expect((await admin.json('POST', `/admin/users/${id}/block`)).body).toEqual({ blocked: true, withheldProducts: 0 });
    expect(await stream.nextData()).toEqual({ data: 'null' });
    stream.close();
    expect((await target.call('GET', '/wishlist')).status).toBe(401);
    expect((await admin.json<AdminBuyerDetail>('GET', `/admin/buyers/${id}`)).body.account.blocked).toBe(true);
    expect((await admin.json('POST', `/admin/users/${id}/unblock`)).status).toBe(200);
    expect((await target.json('POST', '/auth/login', { email: 'to.block@example.com', password: PASSWORD })).status).toBe(200);
    const self = await admin.json<{ message: string }>('POST', `/admin/users/${adminId}/block`);
    expect(self).toEqual({ status: 400, body: { statusCode: 400, message: 'You cannot block your own account' } });
    expect((await admin.json('GET', '/auth/checkhealth')).status).toBe(200);
    expect((await admin.json('POST', '/admin/users/99999999/block')).status).toBe(404);
  });
});
