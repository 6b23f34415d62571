import { loadAccount } from '../auth/userRecords';
import { processCustomOrder } from '../customOrders/customOrderProcess';
import { placeCustomOrder } from '../customOrders/customOrders';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { AccountProfile } from '../../shared/schemas/account';
import type { Order } from '../../shared/schemas/order';
import { issuedTicket } from '../../test/actionLog/issuedTicket';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { asShown } from '../../test/helpers/shownTotal';
import { listProducts, listShop, SHOP, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { grantRole } from '../auth/staffRoles';
import type { Database } from '../db/database';
import { demoListings } from '../seed/demoCatalogue';
import { issueLicenceContracts } from '../contracts/issueContracts';
import { runCustomOrderWork } from '../customOrders/customOrderProcess';
import { readWhole } from '../media/storage/mediaStorage';
import { pdfText } from '../../test/helpers/pdfText';
import { assert } from 'superstruct';
import { ContractVerdictSchema } from '../../shared/schemas/library';
import { shownServicePrice } from '../../test/helpers/shownTotal';

const PASSWORD = registration().password;
/** Every value below is unusual enough that finding it anywhere after the erasure can only be a leak. */
const PERSON = {
  firstName: 'Zebulonqx',
  lastName: 'Quarrywhistle',
  email: 'zebulon.quarrywhistle@erasure-scan.example',
  secondEmail: 'zq.second@erasure-scan.example',
  country: 'Liechtenstein',
  socialNetwork: 'facebook.com/zebulonqx.page',
  artistName: 'Quarrytone Vex',
  shortName: 'quarrytonevex',
  legalName: 'Zebulon Legalnamewick',
  address: 'Vaduzer Gruenweg 99, 9490 Vaduz',
  shipping: { fullName: 'Zebulonqx Quarrywhistle', line1: 'Flotsamgasse 12', city: 'Triesenberg', postalCode: '9497', country: 'Liechtenstein' },
  userAgent: 'ZebulonBrowser/9.9 (Quarrybox)',
  contactMessage: 'Marmaladeheron asks where the marmaladeheron files went.',
  searchedFor: 'sphinxmothquery',
  brief: 'Please master my song Pelicanorbit for streaming, loud but clean.',
  threadMessage: 'The pelicanorbit stems are in the shared folder.',
} as const;
const NEEDLES = [
  'zebulon',
  'quarrywhistle',
  'erasure-scan',
  'liechtenstein',
  'quarrytone',
  'legalnamewick',
  'vaduz',
  'flotsamgasse',
  'triesenberg',
  'marmaladeheron',
  'sphinxmoth',
  'pelicanorbit',
];

/** Every table of the database, by the database's own catalogue: a table added later is scanned too. */
async function tableNames(database: Database): Promise<string[]> {
  const query =
    database.kind === 'sqlite'
      ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
      : sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
  return (await query.execute(database.query)).rows.map((row) => row.name);
}

/** Each needle found, with the table and row it was found in: every column, events' data and metadata included. */
async function scan(database: Database, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tableNames(database)) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(database.query);
    for (const row of rows) {
      const text = JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)).toLowerCase();
      for (const needle of needles) if (text.includes(needle)) found.push(`${table}: ${needle} in ${text.slice(0, 300)}`);
    }
  }
  return found;
}

describe('delete my account: nothing of the person is left in any table (issue 15 erasure scan)', () => {
  const clock = manualClock(new Date('2026-11-24T10:00:00.000Z'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-erasure-media-'));
  let app: TestApp;
  let counter = 0;
  const browser = (userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0') =>
    new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.16.0.${++counter}`, 'User-Agent': userAgent });
  const ok = async (member: ApiBrowser, method: string, pathName: string, body?: unknown) => {
    const answer = await member.json(method, pathName, body);
    expect([method, pathName, answer.status, answer.body]).toEqual([method, pathName, expect.any(Number), expect.anything()]);
    expect([pathName, answer.status < 300]).toEqual([pathName, true]);
    return answer.body;
  };

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    app = await startTestApp({ clock, env: { MEDIA_DIR: mediaDir, TRUST_PROXY: '1', PUBLIC_URL: 'http://shop.test' } });
    await listShop(app.deps);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('a producer who bought, followed, wrote and was verified is erased from every table and event; sold beats stay for their buyer', async () => {
    // The person: a producer (so the social URL and identity verification apply) who also buys.
    const tab = await issuedTicket(app.baseUrl, { 'X-Forwarded-For': '10.16.1.1' });
    const person = browser(PERSON.userAgent);
    const { firstName, lastName, email, country, socialNetwork } = PERSON;
    await ok(person, 'POST', '/auth/register', registration({ firstName, lastName, email, country, countryShortName: undefined, selectedRole: 'producer', socialNetwork }));
    const { id: userId } = (await ok(person, 'GET', '/auth/checkhealth')) as { id: number };
    await ok(person, 'POST', '/action-log', { ...tab, entries: [{ seq: 1, at: clock.now().toISOString(), type: 'navigation/navigationRequested', payload: { pathname: '/beats', search: `?q=${PERSON.searchedFor}` } }] });

    // Verified by a moderator, with a page of their own and a beat listed on it.
    await ok(person, 'POST', '/producer/verification', { artistName: PERSON.artistName, shortName: PERSON.shortName, legalName: PERSON.legalName, dateOfBirth: '1990-05-05', address: PERSON.address, country });
    const moderator = browser();
    await ok(moderator, 'POST', '/auth/register', registration({ email: 'moderator@example.com' }));
    await grantRole(app.deps, 'moderator@example.com', 'moderator');
    await ok(moderator, 'POST', '/auth/login', { email: 'moderator@example.com', password: PASSWORD });
    const { producerId } = (await ok(moderator, 'POST', `/moderation/producers/${userId}/approve`)) as { producerId: number };
    const [unsold, sold] = demoListings(2).map((listing, index) => ({ ...listing, productId: 900 + index, producerId, name: `Plain Beat ${index}` }));
    await listProducts(app.deps, [unsold!, sold!]);

    // Their settings: a new name, a picture, a second address.
    await ok(person, 'PUT', '/account/profile', { firstName, lastName: `${lastName}-Jr`, country, socialNetwork, artistName: `${PERSON.artistName} II` });
    const picture = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#aa3300' } }).jpeg().toBuffer();
    const uploaded = await fetch(`${app.baseUrl}/api/v1/account/avatar`, { method: 'POST', headers: { 'Content-Type': 'image/jpeg', Cookie: person.cookieHeader() }, body: new Uint8Array(picture) });
    const { avatarSrc } = (await uploaded.json()) as AccountProfile;
    expect((await fetch(`${app.baseUrl}/${PERSON.shortName}`)).status).toBe(200);
    expect(await (await fetch(`${app.baseUrl}/${PERSON.shortName}`)).text()).toContain(`${PERSON.artistName} II`);
    await ok(person, 'POST', '/account/email', { email: PERSON.secondEmail, currentPassword: PASSWORD });
    const changeMail = await app.deps.database.query.selectFrom('mail_outbox').select('text').where('to_address', '=', PERSON.secondEmail).executeTakeFirstOrThrow();
    await ok(browser(), 'GET', `/auth/email-confirmation/${/email-confirmation\/([A-Za-z0-9_-]{43})/.exec(changeMail.text)![1]}`);

    // A shopper: a follow, a wishlist entry, a cart, two paid orders (one with a shipping address), a message, a report, the newsletter.
    await ok(person, 'POST', '/users/producer/1/follow');
    await ok(person, 'POST', `/wishlist/${SHOP.beat.productId}`);
    await ok(person, 'POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false });
    const card = (await ok(person, 'POST', '/ecommerce/orders/stripe', await asShown(person, { stripePaymentMethodId: 'pm_card_visa', coupon: null }))) as Order;
    expect(card.status).toBe('paid');
    await ok(person, 'POST', '/ecommerce/cart', { product: SHOP.beat2.productId, includeProjectFile: false });
    const paypal = (await ok(person, 'POST', '/ecommerce/orders', await asShown(person, { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: PERSON.shipping, coupon: null }))) as Order;
    expect((await fetch(`${app.baseUrl}${paypal.nextActionUrl}/approve`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect(((await ok(person, 'POST', `/ecommerce/payments/paypal/${paypal.id}/capture`)) as Order).status).toBe('paid');
    await ok(person, 'POST', '/ecommerce/cart', { product: SHOP.samplePack.productId, includeProjectFile: false });
    await ok(person, 'POST', '/pages/contact', { name: `${firstName} ${lastName}`, email: PERSON.secondEmail, subject: 'Where are my files', message: PERSON.contactMessage });
    await ok(person, 'POST', '/tracks/report', { productId: SHOP.pack.productId, reason: 'other', details: PERSON.contactMessage, email: PERSON.secondEmail });
    await ok(person, 'POST', '/pages/subscribe', { email: PERSON.secondEmail });
    await ok(person, 'POST', '/action-log', { ...tab, entries: [{ seq: 2, at: clock.now().toISOString(), type: 'auth/loggedIn', payload: null }] });
    // A custom order with a brief and a message in its thread; the shop is mailed both. Producers no
    // longer order services (a buyer's account does), but orders they placed before must be erased too.
    const { id: customId } = await placeCustomOrder(app.deps, (await loadAccount(app.deps, userId))!.user, { serviceId: 2, brief: PERSON.brief, paymentMethodId: 'pm_card_visa', expectedTotal: await shownServicePrice(person, { serviceId: 2 }) });
    await processCustomOrder(app.deps, customId);
    const custom = { id: customId };
    await ok(person, 'POST', `/custom-orders/${custom.id}/messages`, { text: PERSON.threadMessage });
    await runCustomOrderWork(app.deps);

    // Someone else buys the person's other beat.
    const buyer = browser();
    await ok(buyer, 'POST', '/auth/register', registration({ email: 'other.buyer@example.com' }));
    await ok(buyer, 'POST', '/ecommerce/cart', { product: sold!.productId, includeProjectFile: false });
    const bought = (await ok(buyer, 'POST', '/ecommerce/orders/stripe', await asShown(buyer, { stripePaymentMethodId: 'pm_card_visa', coupon: null }))) as Order;
    await app.deps.orderMails.idle();
    // Licence contracts: the person's as buyer (their name in the PDF), and the other buyer's naming the person as producer.
    await issueLicenceContracts(app.deps);
    const contracts = await app.deps.database.query.selectFrom('licence_contracts').selectAll().where((eb) => eb.or([eb('buyer_user_id', '=', userId), eb('producer_id', '=', producerId)])).execute();
    expect(contracts.map((contract) => [Number(contract.buyer_user_id) === userId, contract.producer_name])).toEqual(
      expect.arrayContaining([[true, expect.any(String)], [false, `${PERSON.artistName} II`]]),
    );
    const contractText = async (fileKey: string) => pdfText((await readWhole(app.deps.media, fileKey))!);
    const boughtContract = contracts.find((contract) => Number(contract.buyer_user_id) === userId)!;
    const soldContract = contracts.find((contract) => Number(contract.producer_id) === producerId)!;
    expect(await contractText(boughtContract.file_key)).toContain(`${firstName} ${lastName}-Jr`);
    expect(await contractText(soldContract.file_key)).toContain(`${PERSON.artistName} II`);

    // Before: the scan finds the person everywhere it should.
    const before = await scan(app.deps.database, NEEDLES);
    for (const table of ['users', 'user_credentials', 'events', 'mail_outbox', 'identity_details', 'contact_messages', 'sessions', 'catalogue_producers']) {
      expect(before.some((hit) => hit.startsWith(`${table}:`))).toBe(true);
    }

    expect((await person.json('POST', '/account/delete', { currentPassword: PASSWORD })).status).toBe(200);
    await app.deps.projector.catchUp();
    await app.deps.orderMails.idle();

    expect(await scan(app.deps.database, [...NEEDLES, `avatar-u${userId}-`])).toEqual([]);
    // Both contracts are made again without the person, and still verify with their new hash; the other party's name stays.
    const boughtText = await contractText(boughtContract.file_key);
    expect(boughtText).toContain('Deleted account');
    expect(boughtText.toLowerCase()).not.toContain('zebulon');
    const soldText = await contractText(soldContract.file_key);
    expect(soldText).toContain('Deleted producer');
    expect(soldText.toLowerCase()).not.toContain('quarrytone');
    for (const contract of [boughtContract, soldContract]) {
      const now = await app.deps.database.query.selectFrom('licence_contracts').select('content_hash').where('contract_id', '=', contract.contract_id).executeTakeFirstOrThrow();
      expect(now.content_hash).not.toBe(contract.content_hash);
      const verified = await ok(browser(), 'GET', `/contracts/verify?id=${contract.contract_id}&hash=${now.content_hash}`);
      assert(verified, ContractVerdictSchema);
      expect(verified.genuine).toBe(true);
    }
    expect((await fetch(`${app.baseUrl}${avatarSrc!}`)).status).toBe(404);
    // Cart, wishlist and follows hold nothing the shop must keep: their streams and rows are gone.
    for (const stream of [`cart-user-${userId}`, `wishlist-${userId}`, `follows-${userId}`]) expect(await app.deps.eventStore.readStream(stream)).toEqual([]);
    expect(await app.deps.database.query.selectFrom('producer_follows').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
    expect(await app.deps.actionLogs.query.selectFrom('action_log_sessions').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
    // Logged out, gone for login, free to register again.
    expect((await person.json('GET', '/auth/checkhealth')).status).toBe(401);
    expect((await browser().json('POST', '/auth/login', { email: PERSON.secondEmail, password: PASSWORD })).status).toBe(401);
    // The unsold beat left the shop; the sold one's order is still the buyer's, with its money.
    const shop = await app.deps.database.query.selectFrom('catalogue_products').select('id').where('producer_id', '=', producerId).execute();
    expect(shop.map((row) => row.id)).toEqual([sold!.productId]);
    expect(((await ok(buyer, 'GET', `/ecommerce/orders/${bought.id}/refresh-status`)) as Order).status).toBe('paid');
    // The accounting stays: the person's orders are still there under the pseudonymous user id.
    const orders = await app.deps.database.query.selectFrom('commerce_orders').select(['user_id', 'total_cents']).where('order_id', 'in', [card.id, paypal.id]).execute();
    expect(orders.map((order) => Number(order.user_id))).toEqual([userId, userId]);
    await ok(browser(), 'POST', '/auth/register', registration({ email: PERSON.email }));
  });
});
