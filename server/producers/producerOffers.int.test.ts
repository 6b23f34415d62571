import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert } from 'superstruct';
import { type CustomOrderDetail, CustomOrderDetailSchema, CustomOrderListSchema } from '../../shared/schemas/customOrders';
import { MyEarningsSchema } from '../../shared/schemas/earnings';
import { DashboardHomeSchema } from '../../shared/schemas/sites';
import { ProducerOfferListSchema, type ProducerOffer, ProducerOfferSchema } from '../../shared/schemas/producerOffers';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { verifiedProducer } from '../../test/helpers/beatUploads';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { wavBytes } from '../../test/helpers/wavBytes';
import { grantRole } from '../auth/staffRoles';
import { runCustomOrderWork } from '../customOrders/customOrderProcess';
import { asShownService } from '../../test/helpers/shownTotal';

const BRIEF = 'A dark trap beat at 140 BPM like my last single, with stems for mixing.';
const VISA = 'pm_card_visa';
const TERMS = { name: 'Custom trap beat', description: 'A beat made to your references, with stems and two mixes.', priceCents: 15_000, deliveryDays: 5 };

describe("producers' own custom services over the real server", () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-offers-'));
  let app: TestApp;
  let seller: { browser: ApiBrowser; producerId: number };
  let rival: { browser: ApiBrowser; producerId: number };
  let buyer: ApiBrowser;
  let admin: ApiBrowser;
  let offer: ProducerOffer;

  const publish = async (browser: ApiBrowser, terms: unknown = TERMS) => browser.json<ProducerOffer & { message?: string; errors?: Record<string, string> }>('POST', '/studio/offers', terms);
  const orderOffer = async (offerId: number, browser = buyer) => {
    const answer = await browser.json<CustomOrderDetail & { message?: string }>('POST', '/custom-orders', await asShownService(browser, { offerId, brief: BRIEF, paymentMethodId: VISA }));
    if (answer.status < 300) assert(answer.body, CustomOrderDetailSchema);
    return answer;
  };
  const deliver = async (browser: ApiBrowser, call: string, name = 'beat.wav') => {
    const form = new FormData();
    form.append('message', 'Here is your beat, stems in the next revision if you want them.');
    form.append('files', new Blob([new Uint8Array(wavBytes(2_000))]), name);
    const response = await fetch(`${app.baseUrl}/api/v1${call}`, { method: 'POST', headers: { Cookie: browser.cookieHeader() }, body: form });
    return { status: response.status, body: (await response.json()) as CustomOrderDetail & { message: string } };
  };
  const balanceOf = async (browser: ApiBrowser) => {
    const answer = await browser.json('GET', '/producer/earnings');
    assert(answer.body, MyEarningsSchema);
    return answer.body.balanceCents;
  };
  const mailsTo = async (to: string) => (await app.deps.database.query.selectFrom('mail_outbox').select('subject').where('to_address', '=', to).execute()).map((mail) => mail.subject);
  const eventCount = async () => Number((await app.deps.database.query.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { MEDIA_DIR: mediaDir } });
    seller = await verifiedProducer(app.deps, app.baseUrl, 'Mara Vale');
    rival = await verifiedProducer(app.deps, app.baseUrl, 'Ode Rivers');
    buyer = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.88.0.1' });
    expect((await buyer.json('POST', '/auth/register', registration({ email: 'buyer@example.com' }))).status).toBe(201);
    admin = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.88.0.2' });
    expect((await admin.json('POST', '/auth/register', registration({ email: 'admin@example.com' }))).status).toBe(201);
    await grantRole(app.deps, 'admin@example.com', 'admin');
    expect((await admin.json('POST', '/auth/login', { email: 'admin@example.com', password: registration().password })).status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('a verified producer publishes an offer; bad terms get the field’s message and change nothing', async () => {
    const before = await eventCount();
    const cases: [unknown, string, Record<string, string> | undefined][] = [
      [{ ...TERMS, description: 'Too short' }, 'Description must be at least 20 characters long', { description: 'Description must be at least 20 characters long' }],
      [{ ...TERMS, priceCents: 200 }, 'The price must be from $5 to $5000', { priceCents: 'The price must be from $5 to $5000' }],
      [{ ...TERMS, deliveryDays: 0 }, 'Delivery must take from 1 to 60 days', { deliveryDays: 'Delivery must take from 1 to 60 days' }],
      [{ ...TERMS, name: '  ' }, 'Name is required', { name: 'Name is required' }],
      [{ ...TERMS, producerId: rival.producerId }, 'Invalid producerId: no such field in this request', undefined],
    ];
    for (const [body, message, errors] of cases) {
      expect(await publish(seller.browser, body)).toEqual({ status: 400, body: { statusCode: 400, message, ...(errors ? { errors } : {}) } });
    }
    expect(await eventCount()).toBe(before);

    const created = await publish(seller.browser, { ...TERMS, name: '  Custom trap beat ' });
    expect(created.status).toBe(201);
    assert(created.body, ProducerOfferSchema);
    offer = created.body;
    expect(offer).toMatchObject({ producerId: seller.producerId, producerName: 'Mara Vale', producerUrl: 'maravale', name: 'Custom trap beat', price: 150, deliveryDays: 5 });
    // Anyone reads it: on the producer's page and by its id.
    const guest = new ApiBrowser(app.baseUrl);
    const listed = await guest.json('GET', `/offers?producer=${seller.producerId}`);
    assert(listed.body, ProducerOfferListSchema);
    expect(listed.body.offers).toEqual([offer]);
    expect(await guest.json('GET', `/offers/${offer.id}`)).toEqual({ status: 200, body: offer });
    expect((await guest.json('GET', '/offers?producer=abc')).status).toBe(400);
    expect((await guest.json('GET', '/offers/1e3')).status).toBe(400);
    expect((await guest.json('GET', '/offers/999999')).status).toBe(404);
  });

  test('only a verified producer manages offers, and only their own', async () => {
    const guest = new ApiBrowser(app.baseUrl);
    // Unknown to every other role, as the studio is.
    expect((await guest.json('POST', '/studio/offers', TERMS)).status).toBe(404);
    expect((await buyer.json('POST', '/studio/offers', TERMS)).status).toBe(404);
    expect((await admin.json('GET', '/studio/offers')).status).toBe(404);
    const unverified = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.88.0.3' });
    expect((await unverified.json('POST', '/auth/register', registration({ email: 'new@example.com', selectedRole: 'producer', socialNetwork: 'facebook.com/newp' }))).status).toBe(201);
    expect(await unverified.json('POST', '/studio/offers', TERMS)).toMatchObject({ status: 403, body: { message: 'Complete identity verification to start selling tracks' } });
    // Another producer's offer is as unknown to them as a missing one.
    expect((await rival.browser.json('PUT', `/studio/offers/${offer.id}`, { ...TERMS, priceCents: 500 })).status).toBe(404);
    expect((await rival.browser.json('DELETE', `/studio/offers/${offer.id}`)).status).toBe(404);
    expect((await guest.json('GET', `/offers/${offer.id}`)).body).toMatchObject({ price: 150 });
  });

  test('at most ten live offers; a withdrawn one leaves the page and cannot be ordered', async () => {
    const extra: number[] = [];
    for (let index = 0; index < 9; index++) extra.push((await publish(rival.browser, { ...TERMS, name: `Service ${index + 1}` })).body.id);
    expect((await publish(rival.browser, { ...TERMS, name: 'Service 10' })).status).toBe(201);
    expect(await publish(rival.browser, { ...TERMS, name: 'Service 11' })).toMatchObject({ status: 409, body: { message: 'You offer 10 services already: withdraw one before you add another' } });
    expect(await rival.browser.json('DELETE', `/studio/offers/${extra[0]}`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await rival.browser.json('DELETE', `/studio/offers/${extra[0]}`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await new ApiBrowser(app.baseUrl).json('GET', `/offers/${extra[0]}`)).status).toBe(404);
    expect(await orderOffer(extra[0]!)).toMatchObject({ status: 400, body: { message: 'This service is no longer offered; pick another' } });
    expect((await publish(rival.browser, { ...TERMS, name: 'Service 11' })).status).toBe(201);
  });

  test('a price raised after the buyer saw it is not charged: 409 with the new price, nothing ordered', async () => {
    const shown = await asShownService(buyer, { offerId: offer.id, brief: BRIEF, paymentMethodId: VISA });
    expect(shown.expectedTotal).toBe(15_000);
    expect((await seller.browser.json('PUT', `/studio/offers/${offer.id}`, { ...TERMS, priceCents: 90_000 })).status).toBe(200);
    const events = await eventCount();
    const before = await buyer.json('GET', '/custom-orders');
    expect(await buyer.json('POST', '/custom-orders', shown)).toEqual({
      status: 409,
      body: { statusCode: 409, message: 'The price of Custom trap beat changed: it is now $900.00. You have not been charged; order again to pay the new price.', expectedTotal: 90_000 },
    });
    expect(await eventCount()).toBe(events);
    expect(await buyer.json('GET', '/custom-orders')).toEqual(before);
    expect((await seller.browser.json('PUT', `/studio/offers/${offer.id}`, TERMS)).status).toBe(200);
  });

  test('a buyer orders the offer; the producer accepts, delivers, and earns; the buyer downloads', async () => {
    // One service at a time; producers (the offer's own or another) and staff do not order: a buyer's account does.
    expect((await buyer.json('POST', '/custom-orders', { offerId: offer.id, serviceId: 2, brief: BRIEF, paymentMethodId: VISA })).status).toBe(400);
    for (const account of [seller.browser, rival.browser, admin]) {
      expect(await orderOffer(offer.id, account)).toMatchObject({ status: 403, body: { message: 'Custom orders are placed from a buyer account' } });
    }

    const placed = await orderOffer(offer.id);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ serviceName: 'Custom trap beat', sellerName: 'Mara Vale', state: 'waiting', price: 150 });
    expect(placed.body.deadline).toBe(new Date(clock.now().getTime() + 5 * 24 * 60 * 60 * 1000).toISOString());
    const id = placed.body.id;
    // A later price change does not touch the order.
    expect((await seller.browser.json('PUT', `/studio/offers/${offer.id}`, { ...TERMS, priceCents: 20_000 })).body).toMatchObject({ price: 200 });
    // The producer hears of it, not the shop; it is in their list and readable to them alone.
    expect(await mailsTo('maravale@example.com')).toContain('New custom order: Custom trap beat');
    expect(await mailsTo('admin@example.com')).not.toContain('New custom order: Custom trap beat');
    // The buyer's receipt points at the custom order, not at downloads it does not have.
    const receipt = await app.deps.database.query.selectFrom('mail_outbox').select(['subject', 'text']).where('to_address', '=', 'buyer@example.com').where('subject', '=', 'Your Beatcrate order is paid').executeTakeFirstOrThrow();
    expect(receipt.text).toContain(`Your custom order is paid. Follow it, write to the seller and download the delivery here: ${app.deps.config.publicUrl}/dashboard/services/${id}`);
    const mine = await seller.browser.json('GET', '/studio/custom-orders');
    assert(mine.body, CustomOrderListSchema);
    expect(mine.body.orders.map((row) => [row.id, row.sellerName, row.price])).toEqual([[id, 'Mara Vale', 150]]);
    // The producer's dashboard home lists it among the custom orders open for them.
    const home = await seller.browser.json('GET', '/dashboard/home');
    assert(home.body, DashboardHomeSchema);
    expect(home.body.openCustomOrders.map((row) => [row.id, row.state])).toEqual([[id, 'waiting']]);
    const theirs = await rival.browser.json('GET', '/studio/custom-orders');
    assert(theirs.body, CustomOrderListSchema);
    expect(theirs.body.orders).toEqual([]);
    expect((await rival.browser.json('GET', `/studio/custom-orders/${id}`)).status).toBe(404);
    expect((await rival.browser.json('POST', `/studio/custom-orders/${id}/accept`)).status).toBe(404);
    // The shop reads it (support, refunds) but does not answer for the producer.
    expect((await admin.json<CustomOrderDetail>('GET', `/admin/custom-orders/${id}`)).body).toMatchObject({ sellerName: 'Mara Vale', actions: [], viewer: 'staff' });
    expect(await admin.json('POST', `/admin/custom-orders/${id}/accept`)).toMatchObject({ status: 403, body: { message: "This custom order is its producer's to answer" } });
    expect((await deliver(admin, `/admin/custom-orders/${id}/delivery`)).status).toBe(403);

    const seen = await seller.browser.json<CustomOrderDetail>('GET', `/studio/custom-orders/${id}`);
    expect(seen.body).toMatchObject({ actions: ['accept', 'decline', 'message'], viewer: 'seller' });
    expect((await seller.browser.json<CustomOrderDetail>('POST', `/studio/custom-orders/${id}/accept`)).body).toMatchObject({ state: 'accepted' });
    expect(await mailsTo('buyer@example.com')).toContain('Your custom order Custom trap beat was accepted');
    expect((await seller.browser.json('POST', `/studio/custom-orders/${id}/messages`, { text: 'Any reference tracks besides your single?' })).status).toBe(200);
    await runCustomOrderWork(app.deps);
    const told = await app.deps.database.query.selectFrom('mail_outbox').select('text').where('to_address', '=', 'buyer@example.com').where('subject', 'like', 'New message%').executeTakeFirstOrThrow();
    expect(told.text).toContain('Mara Vale wrote: Any reference tracks besides your single?');

    expect((await deliver(rival.browser, `/studio/custom-orders/${id}/delivery`)).status).toBe(404);
    const delivered = await deliver(seller.browser, `/studio/custom-orders/${id}/delivery`);
    expect(delivered.status).toBe(201);
    expect(delivered.body).toMatchObject({ state: 'delivered' });
    // The buyer's steps are the buyer's: staff reading the delivered order get none of them.
    expect((await admin.json<CustomOrderDetail>('GET', `/admin/custom-orders/${id}`)).body).toMatchObject({ state: 'delivered', actions: [] });
    const file = delivered.body.files[0]!;
    expect(file.url).toBe(`/api/v1/studio/custom-orders/${id}/files/${file.id}`);
    const fetchFile = (browser: ApiBrowser, url: string) => fetch(`${app.baseUrl}${url}`, { headers: { Cookie: browser.cookieHeader() } });
    expect((await fetchFile(seller.browser, file.url)).status).toBe(200);
    expect((await fetchFile(rival.browser, file.url)).status).toBe(404);
    const buyerView = await buyer.json<CustomOrderDetail>('GET', `/custom-orders/${id}`);
    const download = await fetchFile(buyer, buyerView.body.files[0]!.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect((await buyer.json<CustomOrderDetail>('POST', `/custom-orders/${id}/accept-delivery`)).body).toMatchObject({ state: 'completed' });
    expect(await mailsTo('maravale@example.com')).toContain('Delivery accepted: Custom trap beat');

    // Booked like a beat's sale: the price less the shop's 20% commission.
    expect(await balanceOf(seller.browser)).toBe(12_000);
    expect(await balanceOf(rival.browser)).toBe(0);
  });

  test('declined by the producer: refunded, and the earning reversed', async () => {
    const placed = await orderOffer(offer.id);
    expect(placed.body).toMatchObject({ price: 200, state: 'waiting' });
    expect(await balanceOf(seller.browser)).toBe(12_000 + 16_000);
    const declined = await seller.browser.json<CustomOrderDetail>('POST', `/studio/custom-orders/${placed.body.id}/decline`, { reason: 'Fully booked until January, sorry.' });
    expect(declined.body).toMatchObject({ state: 'declined', refunded: true, failureReason: null });
    await runCustomOrderWork(app.deps);
    const payments = await app.deps.payments.sandbox!.forOrder(placed.body.id);
    expect(payments.map((payment) => [payment.amountCents, payment.charges, payment.refunds, payment.status])).toEqual([[20_000, 1, 1, 'refunded']]);
    expect(await balanceOf(seller.browser)).toBe(12_000);
  });

  test('a blocked producer’s offers leave the shop and cannot be ordered', async () => {
    const producerUser = await app.deps.database.query.selectFrom('producer_verifications').select('user_id').where('producer_id', '=', seller.producerId).executeTakeFirstOrThrow();
    expect((await admin.json('POST', `/admin/users/${producerUser.user_id}/block`)).status).toBe(200);
    const listed = await buyer.json('GET', `/offers?producer=${seller.producerId}`);
    assert(listed.body, ProducerOfferListSchema);
    expect(listed.body.offers).toEqual([]);
    expect((await orderOffer(offer.id)).status).toBe(400);
    expect((await admin.json('POST', `/admin/users/${producerUser.user_id}/unblock`)).status).toBe(200);
    expect((await orderOffer(offer.id)).status).toBe(201);
  });

  test("an erased producer's offers are withdrawn with their account", async () => {
    const before = await rival.browser.json('GET', '/studio/offers');
    assert(before.body, ProducerOfferListSchema);
    expect(before.body.offers.length).toBe(10);
    expect((await rival.browser.json('POST', '/account/delete', { currentPassword: registration().password })).status).toBe(200);
    const listed = await buyer.json('GET', `/offers?producer=${rival.producerId}`);
    assert(listed.body, ProducerOfferListSchema);
    expect(listed.body.offers).toEqual([]);
    const live = await app.deps.database.query.selectFrom('producer_offers').select('offer_id').where('producer_id', '=', rival.producerId).where('live', '=', 1).execute();
    expect(live).toEqual([]);
  });
});
