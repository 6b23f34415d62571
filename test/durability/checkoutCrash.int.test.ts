import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Order } from '../../shared/schemas/order';
import type { Product, ProductList } from '../../shared/schemas/track';
import { CRASH_POINTS, type CrashPoint } from '../../server/commerce/crashPoints';
import type { Database } from '../../server/db/database';
import { orderDecider, type OrderState } from '../../server/domain/order/orderDecider';
import type { OrderEvent, OrderPlacement } from '../../server/domain/order/orderEvents';
import { productStreamId } from '../../server/domain/product/productEvents';
import { createEventStore } from '../../server/eventStore/createEventStore';
import type { EventStore } from '../../server/eventStore/eventStore';
import { SandboxPayments } from '../../server/payments/sandboxProvider';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { SHARED_MEDIA_DIR } from '../e2e/helpers/server';
import { asShown } from '../helpers/shownTotal';
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase';

const ROOT = path.resolve(__dirname, '../..');
/** The demo previews are rendered once for every run of this suite. */
const HOUR_MS = 60 * 60 * 1000;
/** Past the time an attempt may be in flight, so the restarted server's reconciliation takes every open order up. */
const RESTART_LATER_MS = 10 * 60 * 1000;
const ORDER_MAIL_SUBJECT = 'Your Beatcrate order: download links';
const VISA = { stripePaymentMethodId: 'pm_card_visa', coupon: null };

interface Server {
  baseUrl: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** `npm start`'s entry as its own process (node runs it, so a signal reaches the server itself). */
function startServer(databaseUrl: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATABASE_URL: databaseUrl, MEDIA_DIR: SHARED_MEDIA_DIR, PAYMENT_RECONCILIATION_MINUTES: '60', DEMO_ACTIVITY: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 150_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ baseUrl: match[1]!.replace('localhost', '127.0.0.1'), child, exited, output: () => output });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(({ code, signal }) => reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`)));
  });
}

async function stopServer(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  const { code } = await server.exited;
  if (code !== 0) throw new Error(`the server did not stop cleanly:\n${server.output()}`);
}

const replay = (events: readonly { type: string; data: unknown }[]): OrderState =>
  events.reduce((state, event) => orderDecider.evolve(state, event as OrderEvent), orderDecider.initialState());

/**
 * The issue: "A kill -9 between the provider's charge and PaymentSucceeded leaves the order
 * pending with no payment reference; nothing repairs it, and a retry charges a second time."
 * Here a real server is killed (CRASH_AT) at every step of a card checkout; a new server starts
 * later, its reconciliation runs, and the buyer retries as the storefront does (the same
 * Idempotency-Key after a lost answer, a new one after a definite failure). Then, in the
 * database: every sandbox charge belongs to exactly one paid order or is refunded, and no buyer
 * paid twice.
 */
describe('a checkout killed at every step', () => {
  let testDatabase: TestDatabase;
  let database: Database | null = null;
  let eventStore: EventStore | null = null;
  const buyers: { point: CrashPoint; userId: number; beatId: number; email: string }[] = [];
  const started = Date.now();

  const orderStatesOf = async (userId: number) => {
    const placed = (await eventStore!.readAll({ types: ['OrderPlaced'], limit: 10_000 })).filter((event) => (event.data as OrderPlacement).userId === userId);
    return Promise.all(placed.map(async (event) => ({ orderId: (event.data as OrderPlacement).orderId, state: replay(await eventStore!.readStream(event.streamId)) })));
  };
  /** The restarted server's reconciliation has settled every order the killed one left open. */
  const reconciled = async (userId: number) => {
    for (let waited = 0; waited < 60_000; waited += 200) {
      const orders = await orderStatesOf(userId);
      if (orders.length > 0 && orders.every(({ state }) => state.status !== 'pending' && state.status !== 'requires_action')) return orders;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the open order was not reconciled');
  };

  const orderMailsTo = (email: string) =>
    database!.query.selectFrom('mail_outbox').select('text').where('to_address', '=', email).where('subject', '=', ORDER_MAIL_SUBJECT).execute();
  const mailArrived = async (email: string) => {
    for (let waited = 0; waited < 60_000; waited += 200) {
      if ((await orderMailsTo(email)).length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no order mail reached ${email}`);
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
  });
  afterAll(async () => {
    await eventStore?.close();
    await database?.close();
    await testDatabase.drop();
  });

  test.each(CRASH_POINTS.map((point, index) => [point, index] as const))(
    'killed at %s: reconciled at the next start, and the storefront\'s retry never charges twice',
    async (point, index) => {
      const at = (ms: number) => new Date(started + index * HOUR_MS + ms).toISOString();
      const crashing = await startServer(testDatabase.url, { CRASH_AT: point, CLOCK_START_AT: at(0) });

      const visitor = new ApiBrowser(crashing.baseUrl);
      const email = `crash-${point}@example.com`;
      expect((await visitor.json('POST', '/auth/register', registration({ email }))).status).toBe(201);
      const userId = (await visitor.json<{ id: number }>('GET', '/auth/checkhealth')).body.id;
      const { tracks } = (await visitor.json<ProductList>('GET', '/tracks?take=100')).body;
      const beat = tracks.filter((track: Product) => track.productType === 'track' && !track.isSold)[index]!;
      const pack = tracks.find((track: Product) => track.productType === 'samplepack')!;
      for (const product of [beat.id, pack.id]) expect((await visitor.json('POST', '/ecommerce/cart', { product, includeProjectFile: false })).status).toBe(200);
      buyers.push({ point, userId, beatId: beat.id, email });

      const key = { 'Idempotency-Key': `crash-test-${point}` };
      const shown = await asShown(visitor, VISA);
      await expect(visitor.call('POST', '/ecommerce/orders/stripe', shown, key)).rejects.toThrow();
      expect(await crashing.exited).toMatchObject({ signal: 'SIGKILL' });
      // Opened while no server runs: opening migrates, which must not race a server's own start.
      database ??= await testDatabase.open();
      eventStore ??= createEventStore(database, { now: () => new Date() });

      const restarted = await startServer(testDatabase.url, { CLOCK_START_AT: at(RESTART_LATER_MS) });
      try {
        const afterRestart = await reconciled(userId);
        // Before any retry: a charge the killed server never recorded is found and delivered, an attempt that never reached the sandbox fails uncharged.
        const charged = ['provider-answered', 'goods-taken', 'payment-recorded', 'buyer-notified'].includes(point);
        expect(afterRestart.map(({ state }) => state.status)).toEqual([charged ? 'paid' : 'failed']);

        const again = new ApiBrowser(restarted.baseUrl);
        for (const [name, value] of visitor.cookies) again.cookies.set(name, value);
        let answer = (await (await again.call('POST', '/ecommerce/orders/stripe', shown, key)).json()) as Order;
        expect(answer.id).toBe(afterRestart[0]!.orderId);
        if (answer.status === 'failed') {
          // A definite failure: the storefront's next payment is a new attempt with a new key.
          answer = (await (await again.call('POST', '/ecommerce/orders/stripe', await asShown(again, VISA), { 'Idempotency-Key': `crash-test-${point}-again` })).json()) as Order;
        }
        expect(answer).toMatchObject({ status: 'paid' });
        expect(answer.downloads.map((download) => download.productId).sort()).toEqual([beat.id, pack.id].sort());
        expect((await again.json<{ items: unknown[] }>('GET', '/ecommerce/cart')).body.items).toEqual([]);
        // The mail comes beside the answer, or from the restarted server's job when the killed one never sent it.
        await mailArrived(email);
      } finally {
        await stopServer(restarted);
      }
    },
    240_000,
  );

  test('in the database: every charge belongs to exactly one paid order or is refunded; no buyer paid twice; every beat sold once; every buyer got one mail with the links', async () => {
    expect(buyers.map((buyer) => buyer.point)).toEqual([...CRASH_POINTS]);
    const payments = await new SandboxPayments(database!).all();
    for (const payment of payments) expect([0, 1]).toContain(payment.charges - payment.refunds);
    for (const { userId, beatId, email } of buyers) {
      const orders = await orderStatesOf(userId);
      const paid = orders.filter(({ state }) => state.status === 'paid');
      expect(paid).toHaveLength(1);
      const kept = payments.filter((payment) => orders.some(({ orderId }) => orderId === payment.orderId) && payment.charges - payment.refunds === 1);
      expect(kept.map((payment) => payment.orderId)).toEqual([paid[0]!.orderId]);
      const sales = (await eventStore!.readStream(productStreamId(beatId))).filter((event) => event.type === 'ProductSold');
      expect(sales.map((event) => (event.data as { orderId: string }).orderId)).toEqual([paid[0]!.orderId]);
      // A server killed after the payment was recorded never sent the mail: the restarted server's job did.
      const mails = await orderMailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`Thank you for your order ${paid[0]!.orderId}`);
    }
  });
});
