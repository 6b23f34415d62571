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
import { startServer } from '../e2e/helpers/server';
import { eventually } from '../helpers/eventually';
import { asShown } from '../helpers/shownTotal';
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase';

const HOUR_MS = 60 * 60 * 1000;
/** Past the time an attempt may be in flight, so the restarted server's reconciliation takes every open order up. */
const RESTART_LATER_MS = 10 * 60 * 1000;
const ORDER_MAIL_SUBJECT = 'Your Beatcrate order: download links';
const VISA = { stripePaymentMethodId: 'pm_card_visa', coupon: null };

/** A server as `npm start` runs it, on the test's database; reconciliation runs at start-up, not again during a test. */
const startOn = (databaseUrl: string, env: NodeJS.ProcessEnv) => startServer({ databaseUrl, env: { PAYMENT_RECONCILIATION_MINUTES: '60', ...env } });

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
  const reconciled = (userId: number) =>
    eventually(
      () => orderStatesOf(userId),
      (orders) => orders.length > 0 && orders.every(({ state }) => state.status !== 'pending' && state.status !== 'requires_action'),
      'the reconciliation of the open order',
    );

  const orderMailsTo = (email: string) =>
    database!.query.selectFrom('mail_outbox').select('text').where('to_address', '=', email).where('subject', '=', ORDER_MAIL_SUBJECT).execute();
  const mailArrived = (email: string) => eventually(() => orderMailsTo(email), (mails) => mails.length > 0, `the order mail to ${email}`);

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
      const crashing = await startOn(testDatabase.url, { CRASH_AT: point, CLOCK_START_AT: at(0) });

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

      const restarted = await startOn(testDatabase.url, { CLOCK_START_AT: at(RESTART_LATER_MS) });
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
        await restarted.stop();
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
