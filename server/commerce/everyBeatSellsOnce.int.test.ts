import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Order } from '../../shared/schemas/order';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { asShown } from '../../test/helpers/shownTotal';
import { listShop, SHOP, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { listenOnLoopback, testConfig } from '../../test/helpers/testApp';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import type { AppDeps } from '../appDeps';
import { productStreamId } from '../domain/product/productEvents';
import { closeAppDeps, openAppDeps } from '../services';

const VISA = { stripePaymentMethodId: 'pm_card_visa', coupon: null };
const THREE_DS = { stripePaymentMethodId: 'pm_card_threeDSecure2Required', coupon: null };

/**
 * SPEC §6: the buyer of a beat owns its full copyright, so every beat sells once, whoever races
 * for it and on whichever server; sample packs sell to everyone. Two apps share one database, as
 * behind a load balancer.
 */
describe('every beat sells once; sample packs sell to every buyer', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-sells-once-media-'));
  let database: TestDatabase;
  const servers: { deps: AppDeps; baseUrl: string; stop(): Promise<void> }[] = [];
  let counter = 0;

  const start = async () => {
    const deps = await openAppDeps(testConfig({ MEDIA_DIR: mediaDir, DATABASE_URL: database.url }), clock);
    servers.push({ deps, ...(await listenOnLoopback(deps)) });
  };
  /** A buyer on server `index % 2`, with the product in the cart. */
  const buyerWith = async (index: number, productId: number) => {
    const visitor = new ApiBrowser(servers[index % 2]!.baseUrl);
    expect((await visitor.json('POST', '/auth/register', registration({ email: `racer${++counter}@example.com` }))).status).toBe(201);
    expect((await visitor.json('POST', '/ecommerce/cart', { product: productId, includeProjectFile: false })).status).toBe(200);
    return visitor;
  };
  const pay = async (visitor: ApiBrowser, body: unknown) => {
    const response = await visitor.call('POST', '/ecommerce/orders/stripe', body);
    return { status: response.status, body: (await response.json()) as Order & { message?: string } };
  };
  const sandbox = () => servers[0]!.deps.payments.sandbox!;
  /** Money the sandbox kept per order: charges less refunds. */
  const keptByOrder = async (orderIds: string[]) => {
    const kept = new Map<string, number>();
    for (const payment of await sandbox().all()) {
      if (orderIds.includes(payment.orderId)) kept.set(payment.orderId, (kept.get(payment.orderId) ?? 0) + payment.charges - payment.refunds);
    }
    return kept;
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

  test('ten buyers on two servers race for a beat listed as a "lease" (recorded `exclusive: false`): one sale, no other charge kept', async () => {
    // Recorded before the flag went: three beats in four were listed with `exclusive: false`.
    const beat = { ...SHOP.beat, productId: 70, name: 'Former Lease' };
    await servers[0]!.deps.eventStore.append(productStreamId(beat.productId), [{ type: 'ProductListed', data: { ...beat, exclusive: false } }], { expectedVersion: 0 });
    await servers[0]!.deps.projector.catchUp();
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, index) => buyerWith(index, beat.productId)));

    // Each buyer was shown the beat for sale before the race starts.
    const bodies = await Promise.all(buyers.map((visitor, index) => asShown(visitor, index < 2 ? THREE_DS : VISA)));
    const answers = await Promise.all(buyers.map((visitor, index) => pay(visitor, bodies[index])));
    // A buyer who won the beat on a 3-D Secure page completes it.
    for (const answer of answers.filter((candidate) => candidate.body.status === 'requires_action')) {
      const approved = await fetch(`${servers[0]!.baseUrl}${answer.body.nextActionUrl!}/approve`, { method: 'POST', redirect: 'manual' });
      expect(approved.status).toBe(303);
    }
    const orderIds = answers.filter((answer) => answer.status < 300).map((answer) => answer.body.id);
    const final = await Promise.all(
      answers.map(async (answer, index) => (answer.status < 300 ? (await buyers[index]!.json<Order>('GET', `/ecommerce/orders/${answer.body.id}/refresh-status`)).body.status : answer.status)),
    );
    expect(final.filter((status) => status === 'paid')).toHaveLength(1);
    for (const status of final.filter((candidate) => candidate !== 'paid')) expect(['failed', 'refunded', 409]).toContain(status);

    const sales = (await servers[0]!.deps.eventStore.readStream(productStreamId(beat.productId))).filter((event) => event.type === 'ProductSold');
    expect(sales).toHaveLength(1);
    const paidOrder = answers[final.indexOf('paid')]!.body.id;
    expect(sales[0]!.data).toMatchObject({ orderId: paidOrder });
    const kept = await keptByOrder(orderIds);
    expect([...kept].filter(([, cents]) => cents !== 0)).toEqual([[paidOrder, 1]]);

    for (const { baseUrl } of servers) {
      const product = await (await fetch(`${baseUrl}/api/v1/tracks/${beat.productId}`)).json();
      expect(product).toMatchObject({ isSold: true });
      expect(product).not.toHaveProperty('exclusive');
    }
    const late = await buyerWith(0, SHOP.pack.productId);
    expect((await late.json('POST', '/ecommerce/cart', { product: beat.productId, includeProjectFile: false })).status).toBe(409);
  }, 60_000);

  test('two buyers of one sample pack at once: two sales, two charges', async () => {
    const buyers = await Promise.all([0, 1].map((index) => buyerWith(index, SHOP.samplePack.productId)));
    const bodies = await Promise.all(buyers.map((visitor) => asShown(visitor, VISA)));
    const answers = await Promise.all(buyers.map((visitor, index) => pay(visitor, bodies[index])));
    expect(answers.map((answer) => answer.body.status)).toEqual(['paid', 'paid']);
    const kept = await keptByOrder(answers.map((answer) => answer.body.id));
    expect([...kept.values()]).toEqual([1, 1]);
    const product = await (await fetch(`${servers[1]!.baseUrl}/api/v1/tracks/${SHOP.samplePack.productId}`)).json();
    expect(product).toMatchObject({ isSold: false });
  });
});
