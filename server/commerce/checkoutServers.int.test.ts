import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Order } from '../../shared/schemas/order';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { asShown, shownTotal } from '../../test/helpers/shownTotal';
import { listShop, SHOP, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { listenOnLoopback, testConfig } from '../../test/helpers/testApp';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import type { AppDeps } from '../appDeps';
import type { OrderPlacement } from '../domain/order/orderEvents';
import { closeAppDeps, openAppDeps } from '../services';
import { loadAccount } from '../auth/userRecords';
import { checkout, type CheckoutRequest } from './checkout';

const VISA = { stripePaymentMethodId: 'pm_card_visa', coupon: null };
const THREE_DS = { stripePaymentMethodId: 'pm_card_threeDSecure2Required', coupon: null };

/**
 * Two servers on one database, as in production behind a load balancer: a double click whose
 * two requests reach different servers still makes one order and one charge. Each app has its
 * own checkout lock, so only the shared request claim keeps them apart.
 */
describe('checkout on two servers sharing one database', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-servers-media-'));
  let database: TestDatabase;
  const servers: { deps: AppDeps; baseUrl: string; stop(): Promise<void> }[] = [];
  let counter = 0;

  const start = async () => {
    const deps = await openAppDeps(testConfig({ MEDIA_DIR: mediaDir, DATABASE_URL: database.url }), clock);
    servers.push({ deps, ...(await listenOnLoopback(deps)) });
  };
  /** One buyer with a browser session on each server (the same cookies). */
  const buyer = async () => {
    const first = new ApiBrowser(servers[0]!.baseUrl);
    expect((await first.json('POST', '/auth/register', registration({ email: `servers${++counter}@example.com` }))).status).toBe(201);
    const second = new ApiBrowser(servers[1]!.baseUrl);
    for (const [name, value] of first.cookies) second.cookies.set(name, value);
    return [first, second] as const;
  };
  const post = async (visitor: ApiBrowser, body: unknown, headers: Record<string, string> = {}) => {
    const response = await visitor.call('POST', '/ecommerce/orders/stripe', body, headers);
    return { status: response.status, body: (await response.json()) as Order };
  };
  const ordersOf = async (email: string) => {
    const account = await servers[0]!.deps.database.query.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const placed = await servers[0]!.deps.eventStore.readAll({ types: ['OrderPlaced'], limit: 10_000 });
    return placed.map((event) => event.data as unknown as OrderPlacement).filter((placement) => placement.userId === Number(account.id)).map((placement) => placement.orderId);
  };
  const charges = async (orderIds: string[]) => {
    const sandbox = servers[0]!.deps.payments.sandbox!;
    return (await sandbox.all()).filter((payment) => orderIds.includes(payment.orderId)).reduce((sum, payment) => sum + payment.charges, 0);
  };

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    database = await createTestDatabase();
    await start();
    await start();
    await listShop(servers[0]!.deps);
  });
  afterAll(async () => {
    try {
      for (const { deps, stop } of servers) {
        await stop();
        await closeAppDeps(deps);
      }
    } finally {
      await database.drop();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    }
  });

  test('the same Idempotency-Key on both servers at once: one order, one charge, both answers name it', async () => {
    for (let round = 1; round <= 4; round++) {
      const [first, second] = await buyer();
      expect((await first.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false })).status).toBe(200);
      const headers = { 'Idempotency-Key': `double-click-${round}` };
      const body = await asShown(first, VISA);
      const answers = await Promise.all([post(first, body, headers), post(second, body, headers)]);
      for (const answer of answers) expect(answer.body).toMatchObject({ status: 'paid', id: answers[0]!.body.id });
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
      const orders = await ordersOf(`servers${counter}@example.com`);
      expect(orders).toEqual([answers[0]!.body.id]);
      expect(await charges(orders)).toBe(1);
    }
  });

  test('the same cart without a key on both servers at once: one order waiting for 3-D Secure', async () => {
    for (let round = 1; round <= 4; round++) {
      const [first, second] = await buyer();
      expect((await first.json('POST', '/ecommerce/cart', { product: SHOP.samplePack.productId, includeProjectFile: false })).status).toBe(200);
      const body = await asShown(first, THREE_DS);
      const answers = await Promise.all([post(first, body), post(second, body)]);
      for (const answer of answers) expect(answer.body).toMatchObject({ status: 'requires_action', id: answers[0]!.body.id });
      expect(await ordersOf(`servers${counter}@example.com`)).toEqual([answers[0]!.body.id]);
    }
  });

  // better-sqlite3 waits for a busy file synchronously, so two SQLite apps in one Node process
  // cannot interleave their writes (one would block the event loop the other needs to commit);
  // on SQLite the HTTP tests above check the outcome but seldom hit the race, which this test forces.
  (process.env.TEST_DATABASE_URL ? test : test.skip)('two servers claiming the same request in the same instant (no HTTP in between): one order, one charge', async () => {
    for (let round = 1; round <= 4; round++) {
      const [visitor] = await buyer();
      expect((await visitor.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false })).status).toBe(200);
      const email = `servers${counter}@example.com`;
      const userId = Number((await servers[0]!.deps.database.query.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
      const { user } = (await loadAccount(servers[0]!.deps, userId))!;
      const request: CheckoutRequest = {
        user,
        paymentMethod: 'card',
        walletType: null,
        shippingAddress: null,
        coupon: null,
        paymentMethodId: 'pm_card_visa',
        expectedTotalCents: await shownTotal(visitor),
        idempotencyKey: round % 2 === 0 ? `same-instant-${round}` : undefined,
        metadata: undefined,
      };
      const results = await Promise.all(servers.map(({ deps }) => checkout(deps, request)));
      expect(results.map((result) => result.order.placement.orderId)).toEqual([results[0]!.order.placement.orderId, results[0]!.order.placement.orderId]);
      expect(results.map((result) => result.created).sort()).toEqual([false, true]);
      const orders = await ordersOf(email);
      expect(orders).toEqual([results[0]!.order.placement.orderId]);
      expect(await charges(orders)).toBe(1);
    }
  });
});
