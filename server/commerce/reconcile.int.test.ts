import { randomUUID } from 'node:crypto';
import type { Cart } from '../../shared/schemas/cart';
import type { Order } from '../../shared/schemas/order';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { asShown } from '../../test/helpers/shownTotal';
import { listProducts, listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import type { OrderPlacement } from '../domain/order/orderEvents';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { ATTEMPT_GRACE_MS, NOT_CHARGED, reconcileOpenOrders } from './reconcile';
import { RESERVATION_MS } from './reservation';
import { runOrderCommand } from './orders';

const VISA = { stripePaymentMethodId: 'pm_card_visa', coupon: null };
const THREE_DS = { stripePaymentMethodId: 'pm_card_threeDSecure2Required', coupon: null };

/**
 * What a process killed in the middle of a checkout leaves behind, built with the real parts:
 * the order placed, its beats reserved and its attempt recorded, and the provider (the sandbox)
 * charged or not. Reconciliation settles every such order with its provider.
 */
describe('reconciling open orders with their provider', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  let app: TestApp;
  let counter = 0;

  const buyer = async (...productIds: number[]) => {
    const visitor = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.6.0.${++counter}` });
    expect((await visitor.json('POST', '/auth/register', registration({ email: `reconcile${counter}@example.com` }))).status).toBe(201);
    for (const product of productIds) expect((await visitor.json('POST', '/ecommerce/cart', { product, includeProjectFile: false })).status).toBe(200);
    const userId = (await visitor.json<{ id: number }>('GET', '/auth/checkhealth')).body.id;
    return { visitor, userId };
  };
  /** The checkout as far as the step where the process died: placed, beats reserved, attempt recorded. */
  const placeAndAttempt = async (userId: number, lines: OrderPlacement['lines'], totalCents: number) => {
    const orderId = randomUUID();
    const placement: OrderPlacement = {
      orderId,
      userId,
      lines,
      coupon: null,
      subTotalCents: totalCents,
      discountCents: 0,
      serviceFeeCents: 0,
      totalCents,
      paymentMethod: 'card',
      walletType: null,
      provider: 'sandbox',
      shippingAddress: null,
      placedAt: clock.now().toISOString(),
    };
    await runOrderCommand(app.deps, orderId, { type: 'PlaceOrder', placement });
    for (const line of lines.filter((candidate) => candidate.productType === 'track')) {
      await app.deps.eventStore.append(
        productStreamId(line.productId),
        [{ type: 'ProductReserved', data: { productId: line.productId, orderId, until: new Date(clock.now().getTime() + RESERVATION_MS).toISOString() } }],
        { expectedVersion: (await app.deps.eventStore.readStream(productStreamId(line.productId))).length },
      );
    }
    await runOrderCommand(app.deps, orderId, { type: 'RecordAttempt', at: clock.now().toISOString() });
    await app.deps.projector.catchUp();
    return orderId;
  };
  const lineOf = (listing: typeof SHOP.beat) => ({
    productId: listing.productId,
    producerId: listing.producerId,
    name: listing.name,
    productType: listing.productType,
    includeProjectFile: false,
    priceCents: listing.priceCents,
  });
  const statusOf = async (visitor: ApiBrowser, orderId: string) => (await visitor.json<Order>('GET', `/ecommerce/orders/${orderId}/refresh-status`)).body;
  const productState = async (productId: number) =>
    (await app.deps.eventStore.readStream(productStreamId(productId))).reduce(
      (state, event) => productDecider.evolve(state, event as Parameters<typeof productDecider.evolve>[1]),
      productDecider.initialState(),
    );

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: '1' } });
    await listShop(app.deps);
  });
  afterAll(() => app.close());

  test('a charge whose answer was lost: the order is paid and delivered once, the cart emptied; an attempt that never reached the provider fails uncharged', async () => {
    const charged = { ...SHOP.beat, productId: 90, name: 'Lost Answer' };
    const unreached = { ...SHOP.beat, productId: 91, name: 'Never Sent' };
    await listProducts(app.deps, [charged, unreached]);
    const first = await buyer(charged.productId);
    const paidOrder = await placeAndAttempt(first.userId, [lineOf(charged)], charged.priceCents);
    await app.deps.payments.card.chargeCard({ orderId: paidOrder, amountCents: charged.priceCents, paymentMethodId: VISA.stripePaymentMethodId, returnUrl: '/cart' });
    const second = await buyer(unreached.productId);
    const failedOrder = await placeAndAttempt(second.userId, [lineOf(unreached)], unreached.priceCents);

    // A live request may still be working on an attempt this young: it is left alone.
    expect(await reconcileOpenOrders(app.deps)).toMatchObject({ settled: 0 });
    expect((await statusOf(first.visitor, paidOrder)).status).toBe('pending');

    clock.advance(ATTEMPT_GRACE_MS);
    expect(await reconcileOpenOrders(app.deps)).toMatchObject({ checked: 2, settled: 2 });
    expect(await statusOf(first.visitor, paidOrder)).toMatchObject({ status: 'paid', downloads: [{ kind: 'beat', productId: charged.productId }] });
    expect((await first.visitor.json<Cart>('GET', '/ecommerce/cart')).body.items).toEqual([]);
    expect((await app.deps.payments.sandbox!.forOrder(paidOrder)).map((payment) => [payment.charges, payment.refunds])).toEqual([[1, 0]]);
    expect(await statusOf(second.visitor, failedOrder)).toMatchObject({ status: 'failed', failureReason: NOT_CHARGED });
    expect(await app.deps.payments.sandbox!.forOrder(failedOrder)).toEqual([]);
    expect(await productState(unreached.productId)).toMatchObject({ reservation: null, soldTo: null });

    // Nothing is left open, and running again changes nothing.
    expect(await reconcileOpenOrders(app.deps)).toEqual({ checked: 0, settled: 0, unreachable: 0 });
    const delivered = (await app.deps.eventStore.readStream(`order-${paidOrder}`)).filter((event) => event.type === 'OrderDelivered');
    expect(delivered).toHaveLength(1);
  }, 60_000);

  test('the retry of a checkout whose charge answer was lost, without a key and past the reservation window, is answered with the paid order and charges nothing more', async () => {
    const { visitor, userId } = await buyer(SHOP.samplePack.productId);
    // The sandbox charges, then the process dies before hearing back (CRASH_AT=provider-answered
    // does it for real in test/durability/checkoutCrash.int.test.ts): nothing of the answer is recorded.
    const card = app.deps.payments.card;
    app.deps.payments.card = {
      ...card,
      chargeCard: async (charge) => {
        await card.chargeCard(charge);
        throw new Error('the process died');
      },
    };
    try {
      expect((await visitor.call('POST', '/ecommerce/orders/stripe', await asShown(visitor, VISA))).status).toBe(500);
    } finally {
      app.deps.payments.card = card;
    }
    clock.advance(RESERVATION_MS + 1);
    const retry = await visitor.call('POST', '/ecommerce/orders/stripe', await asShown(visitor, VISA));
    const answer = (await retry.json()) as Order;
    expect(answer).toMatchObject({ status: 'paid', downloads: [{ kind: 'samplePack' }] });
    const placed = await app.deps.eventStore.readAll({ types: ['OrderPlaced'], limit: 10_000 });
    const mine = placed.map((event) => event.data as OrderPlacement).filter((placement) => placement.userId === userId).map((placement) => placement.orderId);
    expect(mine).toEqual([answer.id]);
    const payments = (await app.deps.payments.sandbox!.all()).filter((payment) => mine.includes(payment.orderId));
    expect(payments.reduce((sum, payment) => sum + payment.charges - payment.refunds, 0)).toBe(1);
    expect((await visitor.json<Cart>('GET', '/ecommerce/cart')).body.items).toEqual([]);
  });

  test('an order still waiting for its buyer past the reservation window is cancelled at the provider, and its beat freed', async () => {
    const beat = { ...SHOP.beat, productId: 92, name: 'Left Waiting' };
    await listProducts(app.deps, [beat]);
    const { visitor } = await buyer(beat.productId);
    const waiting = (await (await visitor.call('POST', '/ecommerce/orders/stripe', await asShown(visitor, THREE_DS))).json()) as Order;
    expect(waiting.status).toBe('requires_action');
    clock.advance(ATTEMPT_GRACE_MS);
    await reconcileOpenOrders(app.deps);
    expect((await statusOf(visitor, waiting.id)).status).toBe('requires_action');
    clock.advance(RESERVATION_MS);
    await reconcileOpenOrders(app.deps);
    expect((await statusOf(visitor, waiting.id)).status).toBe('cancelled');
    expect((await app.deps.payments.sandbox!.forOrder(waiting.id)).map((payment) => [payment.status, payment.charges])).toEqual([['canceled', 0]]);
    expect(await productState(beat.productId)).toMatchObject({ reservation: null });
  });
});
