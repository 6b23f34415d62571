import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContractVerdict, Purchases, Sales } from '../../shared/schemas/library';
import type { Order } from '../../shared/schemas/order';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { asShown } from '../../test/helpers/shownTotal';
import { verifiedProducer } from '../../test/helpers/beatUploads';
import { pdfText } from '../../test/helpers/pdfText';
import { listProducts, listShop, SHOP, SHOP_MASTER, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { renderSoldMasters } from '../commerce/demoMasters';
import { refundPaidOrder } from '../commerce/refundOrder';
import { issueLicenceContracts } from '../contracts/issueContracts';
import { ORDER_MAIL_RESENDS_PER_HOUR, ORDER_MAIL_SENT } from './resendOrderMail';
import { CONTRACT_GENUINE, CONTRACT_NOT_GENUINE, CONTRACT_REFUNDED } from './verifyContract';

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
/** A beat of a producer with an account, sold in the same order as a shop beat of another producer. */
const MARA_BEAT = 20;

/** Issue 15 "My purchases": the buyer's orders, downloads for 180 days, the mail again, and the licence contracts. */
describe('My purchases and licence contracts', () => {
  const clock = manualClock(new Date('2026-11-24T10:00:00.000Z'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-library-'));
  let app: TestApp;
  let counter = 0;
  let ada: ApiBrowser;
  let grace: ApiBrowser;
  let mara: ApiBrowser;
  let order: Order;

  const member = async (email: string, overrides: Record<string, unknown> = {}) => {
    const browser = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.15.0.${++counter}` });
    expect((await browser.json('POST', '/auth/register', registration({ email, ...overrides }))).status).toBe(201);
    return browser;
  };
  const purchases = async (browser: ApiBrowser) => (await browser.json<Purchases>('GET', '/account/orders')).body.orders;
  const orderMailsTo = (to: string) =>
    app.deps.database.query.selectFrom('mail_outbox').select('text').where('to_address', '=', to).where('subject', '=', 'Your Beatcrate order: download links').orderBy('id').execute();
  /** Sessions end long before 180 days pass: the buyer logs in again after the clock moved. */
  const later = async (ms: number) => {
    clock.advance(ms);
    expect((await ada.json('POST', '/auth/login', { email: 'ada@example.com', password: registration().password, remember: true })).status).toBe(200);
  };

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    fs.writeFileSync(path.join(mediaDir, 'private', 'masters', `${MARA_BEAT}.wav`), SHOP_MASTER);
    app = await startTestApp({ clock, env: { MEDIA_DIR: mediaDir } });
    await listShop(app.deps);
    const producer = await verifiedProducer(app.deps, app.baseUrl, 'Mara Vale');
    mara = producer.browser;
    await listProducts(app.deps, [{ ...SHOP.beat2, productId: MARA_BEAT, producerId: producer.producerId, name: 'Harbour Lights', priceCents: 30_000 }]);
    ada = await member('ada@example.com', { firstName: 'Ада', lastName: 'Lovelace' });
    grace = await member('grace@example.com', { firstName: 'Grace', lastName: 'Hopper' });
    for (const [product, includeProjectFile] of [[SHOP.beat.productId, true], [MARA_BEAT, false], [SHOP.pack.productId, false]] as const) {
      expect((await ada.json('POST', '/ecommerce/cart', { product, includeProjectFile })).status).toBe(200);
    }
    const paid = await ada.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(ada, { stripePaymentMethodId: 'pm_card_visa', coupon: null }));
    expect(paid.body.status).toBe('paid');
    order = paid.body;
    await app.deps.orderMails.idle();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('a guest is asked to log in, for the list, the mail and a contract alike', async () => {
    const guest = new ApiBrowser(app.baseUrl);
    expect(await guest.json('GET', '/account/orders')).toEqual({ status: 401, body: { statusCode: 401, message: 'Please log in to see your purchases' } });
    expect((await guest.json('POST', `/account/orders/${order.id}/mail`)).status).toBe(401);
    expect((await guest.call('GET', '/account/contracts/BC-0000-0000-0000-0000-0000/pdf')).status).toBe(401);
  });

  test('the buyer sees the order with its items, totals, payment and every file with 180 days left; contracts are being prepared', async () => {
    await renderSoldMasters(app.deps);
    const [mine, ...others] = await purchases(ada);
    expect(others).toEqual([]);
    expect(mine).toMatchObject({
      id: order.id,
      status: 'paid',
      paidAt: '2026-11-24T10:00:00.000Z',
      itemsCents: 19_900 + 4_900 + 30_000 + 25_000,
      discountCents: 0,
      coupon: null,
      paymentMethod: 'card',
      walletType: null,
    });
    expect(mine!.totalCents).toBe(mine!.itemsCents + mine!.serviceFeeCents);
    expect(mine!.items.map((item) => [item.name, item.priceCents, item.contract])).toEqual([
      ['Night Drive', 19_900 + 4_900, { contractId: null, url: null }],
      ['Harbour Lights', 30_000, { contractId: null, url: null }],
      ['Velvet Hearts Kit', 25_000, null],
    ]);
    expect(mine!.files.map((file) => [file.kind, file.productId, file.daysLeft, file.state])).toEqual([
      ['beat', SHOP.beat.productId, 180, 'available'],
      ['projectFile', SHOP.beat.productId, 180, 'available'],
      ['beat', MARA_BEAT, 180, 'available'],
      ['samplePack', SHOP.pack.productId, 180, 'available'],
    ]);
  });

  test('another client sees none of it: their list is empty and the order is unknown to them', async () => {
    expect(await purchases(grace)).toEqual([]);
    expect(await grace.json('POST', `/account/orders/${order.id}/mail`)).toEqual({ status: 404, body: { statusCode: 404, message: `Order ${order.id} not found` } });
    expect((await grace.call('GET', `/ecommerce/orders/${order.id}/downloads/${MARA_BEAT}/beat`)).status).toBe(404);
  });

  describe('once the contracts job ran', () => {
    let contracts: Map<string, string>;
    beforeAll(async () => {
      await issueLicenceContracts(app.deps);
      const [mine] = await purchases(ada);
      contracts = new Map(mine!.items.flatMap((item) => (item.contract?.url ? [[item.name, item.contract.url.replace(/^\/api\/v1/, '')] as const] : [])));
    });

    test('each beat of the order has its own contract, issued once however often the job runs', async () => {
      expect([...contracts.keys()]).toEqual(['Night Drive', 'Harbour Lights']);
      await issueLicenceContracts(app.deps);
      const issued = await app.deps.database.query.selectFrom('events').select('stream_id').where('type', '=', 'LicenceContractIssued').execute();
      expect(issued).toHaveLength(2);
    });

    test('the PDF names the buyer as registered, the producer, the beat, price and date, quotes the rights, and carries its id and hash', async () => {
      const response = await ada.call('GET', contracts.get('Harbour Lights')!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
      const row = await app.deps.database.query.selectFrom('licence_contracts').selectAll().where('product_id', '=', MARA_BEAT).executeTakeFirstOrThrow();
      for (const expected of [
        'Buyer: Ада Lovelace',
        'Producer (seller): Mara Vale',
        'Beat: Harbour Lights (beat 20)',
        'Price: $300.00 USD',
        'Date of sale: November 24, 2026',
        'the Buyer owns the full copyright in that beat',
        'a Seller waives all moral rights in a sold beat',
        'gives up all publishing rights and neighbouring rights',
        'Purchased files can be downloaded for 180 days from the date of purchase',
        `Contract id: ${row.contract_id}`,
        row.content_hash,
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('ada@example.com');
      // The check is a link in the PDF, whole: an address printed over two lines breaks inside the id.
      expect(bytes.toString('latin1')).toContain(`/contracts/verify?id=${row.contract_id}&hash=${row.content_hash}`);
    });

    test('verify accepts the real id and hash, shows no buyer, and refuses a changed hash or an unknown id', async () => {
      const row = await app.deps.database.query.selectFrom('licence_contracts').selectAll().where('product_id', '=', MARA_BEAT).executeTakeFirstOrThrow();
      const anyone = new ApiBrowser(app.baseUrl);
      const genuine = await anyone.json<ContractVerdict>('GET', `/contracts/verify?id=${row.contract_id}&hash=${row.content_hash}`);
      expect(genuine.body).toMatchObject({ genuine: true, contract: { contractId: row.contract_id, beatName: 'Harbour Lights', producerName: 'Mara Vale', soldAt: '2026-11-24T10:00:00.000Z', refunded: false } });
      expect(JSON.stringify(genuine.body)).not.toMatch(/Lovelace|Ада|ada@/);
      const changed = `${row.content_hash.slice(0, -1)}${row.content_hash.endsWith('0') ? '1' : '0'}`;
      expect((await anyone.json('GET', `/contracts/verify?id=${row.contract_id}&hash=${changed}`)).body).toEqual({ genuine: false, message: CONTRACT_NOT_GENUINE, contract: null });
      expect((await anyone.json('GET', `/contracts/verify?id=BC-0000-0000-0000-0000-0000&hash=${row.content_hash}`)).body).toMatchObject({ genuine: false });
      expect((await anyone.json('GET', `/contracts/verify?id=${row.contract_id}&hash=xyz`)).status).toBe(400);
    });

    test('the producer lists the contracts of their own sales only, and downloads those alone', async () => {
      const { body } = await mara.json<Sales>('GET', '/account/sales');
      expect(body.sales.map((sale) => [sale.beatName, sale.priceCents, sale.refunded])).toEqual([['Harbour Lights', 30_000, false]]);
      expect(JSON.stringify(body)).not.toMatch(/Lovelace|ada@/);
      expect((await mara.call('GET', contracts.get('Harbour Lights')!)).status).toBe(200);
      expect((await mara.call('GET', contracts.get('Night Drive')!)).status).toBe(404);
      expect((await grace.call('GET', contracts.get('Harbour Lights')!)).status).toBe(404);
      expect((await grace.call('GET', '/account/sales')).status).toBe(404);
    });
  });

  test('"Send the mail again" puts the paid mail in the outbox once per press, up to the hourly limit', async () => {
    expect(await orderMailsTo('ada@example.com')).toHaveLength(1);
    for (let press = 1; press <= ORDER_MAIL_RESENDS_PER_HOUR; press++) {
      expect(await ada.json('POST', `/account/orders/${order.id}/mail`)).toEqual({ status: 200, body: { message: ORDER_MAIL_SENT } });
      expect(await orderMailsTo('ada@example.com')).toHaveLength(1 + press);
    }
    // The same mail as after paying: the same links.
    const mails = await orderMailsTo('ada@example.com');
    expect(mails.at(-1)!.text).toBe(mails[0]!.text);
    const refused = await ada.json('POST', `/account/orders/${order.id}/mail`);
    expect(refused.status).toBe(429);
    expect(await orderMailsTo('ada@example.com')).toHaveLength(1 + ORDER_MAIL_RESENDS_PER_HOUR);
    clock.advance(HOUR_MS);
    expect((await ada.json('POST', `/account/orders/${order.id}/mail`)).status).toBe(200);
  });

  test('the days left count down with the clock; from day 181 the files and the mail are refused, per the terms', async () => {
    await later(DAY_MS - HOUR_MS);
    expect((await purchases(ada))[0]!.files.map((file) => file.daysLeft)).toEqual([179, 179, 179, 179]);
    await later(178 * DAY_MS + 23 * HOUR_MS);
    expect((await purchases(ada))[0]!.files.map((file) => [file.daysLeft, file.state])).toEqual(Array(4).fill([1, 'available']));
    const last = (await purchases(ada))[0]!.files[2]!;
    expect((await ada.call('GET', last.url.replace(/^\/api\/v1/, ''))).status).toBe(200);
    await later(HOUR_MS);
    const [expired] = await purchases(ada);
    expect(expired!.files.map((file) => [file.daysLeft, file.state])).toEqual(Array(4).fill([0, 'expired']));
    expect((await ada.call('GET', last.url.replace(/^\/api\/v1/, ''))).status).toBe(410);
    const mail = await ada.json<{ message: string }>('POST', `/account/orders/${order.id}/mail`);
    expect(mail.status).toBe(409);
    expect(mail.body.message).toContain('they are not re-sent (Terms & Conditions, section 12)');
    // The contract outlives the downloads: the copyright stays the buyer's.
    expect(expired!.items[1]!.contract?.url).not.toBeNull();
  });

  test('a refund takes the files away; the contract still verifies, saying the sale was refunded', async () => {
    await later(0);
    await refundPaidOrder(app.deps, order.id, 'Refunded by the shop.');
    await app.deps.projector.catchUp();
    const [refunded] = await purchases(ada);
    expect(refunded!.status).toBe('refunded');
    expect(refunded!.files).toEqual([]);
    expect(refunded!.items.map((item) => item.contract)).toEqual([null, null, null]);
    const row = await app.deps.database.query.selectFrom('licence_contracts').selectAll().where('product_id', '=', MARA_BEAT).executeTakeFirstOrThrow();
    const verdict = await new ApiBrowser(app.baseUrl).json<ContractVerdict>('GET', `/contracts/verify?id=${row.contract_id}&hash=${row.content_hash}`);
    expect(verdict.body).toMatchObject({ genuine: true, message: `${CONTRACT_GENUINE} ${CONTRACT_REFUNDED}`, contract: { refunded: true } });
  });
});
