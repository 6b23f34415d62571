import type { AppDeps } from '../appDeps';
import { userCartStreamId } from '../domain/cart/cartEvents';
import { handleCommand } from '../domain/commandHandler';
import { DomainError } from '../domain/decider';
import { isOpen } from '../domain/order/orderDecider';
import type { OrderPlacement } from '../domain/order/orderEvents';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId, sellsOnce } from '../domain/product/productEvents';
import type { PaymentOutcome } from '../payments/paymentProvider';
import { type BeatSource, beatSourceOf } from './beatFiles';
import { runCartCommand } from './cartCommands';
import { confirmCouponUse, releaseCouponUse } from './coupons';
import { crashPoint } from './crashPoints';
import { renderMastersSoon } from './demoMasters';
import { issueContractsSoon } from '../contracts/issueContracts';
import { filesToDeliver } from './delivery';
import { grantProMembership } from './proMembership';
import { orderLocks, paymentsFor, type PlacedOrder, readOrder, runOrderCommand } from './orders';

const beatsOf = (placement: OrderPlacement) => placement.lines.filter((line) => sellsOnce(line.productType));

/** Lets go of the order's beats and its coupon use, so other buyers can have them. */
export async function releaseReservations(deps: AppDeps, placement: OrderPlacement): Promise<void> {
  await releaseCouponUse(deps, placement.coupon, placement.orderId);
  for (const line of beatsOf(placement)) {
    await handleCommand(deps.eventStore, productStreamId(line.productId), productDecider, {
      type: 'ReleaseReservation',
      productId: line.productId,
      orderId: placement.orderId,
    });
  }
}

export async function recordPaymentRef(deps: AppDeps, provider: string, providerPaymentId: string, orderId: string): Promise<void> {
  await deps.database.transaction((tx) =>
    tx
      .insertInto('commerce_payment_refs')
      .values({ provider, provider_payment_id: providerPaymentId, order_id: orderId })
      .onConflict((conflict) => conflict.columns(['provider', 'provider_payment_id']).doNothing())
      .execute(),
  );
}

/** The order a provider's payment id belongs to (for webhooks), or null. */
export async function orderIdForPayment(deps: AppDeps, provider: string, providerPaymentId: string): Promise<string | null> {
  const row = await deps.database.query
    .selectFrom('commerce_payment_refs')
    .select('order_id')
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
  return row?.order_id ?? null;
}

/**
 * Records what the provider says about an order's payment. Every path that learns an outcome
 * (the checkout call, the 3-D Secure return, refresh-status, PayPal capture, a webhook) comes
 * here, one at a time per order, and the order's state machine ignores what it already knows.
 */
export async function applyOutcome(deps: AppDeps, orderId: string, outcome: PaymentOutcome): Promise<PlacedOrder> {
  return orderLocks.run(orderId, async () => {
    const before = await readOrder(deps, orderId);
    if (before.status === 'none') throw new DomainError(`Order ${orderId} not found`, 404);
    if (outcome.providerPaymentId) await recordPaymentRef(deps, paymentsFor(deps, before).provider, outcome.providerPaymentId, orderId);
    switch (outcome.status) {
      case 'succeeded':
        await completePayment(deps, before, outcome.providerPaymentId);
        break;
      case 'requires_action':
        await runOrderCommand(deps, orderId, {
          type: 'RequireAction',
          providerPaymentId: outcome.providerPaymentId,
          nextActionUrl: outcome.nextActionUrl,
          clientSecret: outcome.clientSecret,
        });
        break;
      case 'failed':
        if ((await runOrderCommand(deps, orderId, { type: 'FailPayment', reason: outcome.reason })).append) await releaseReservations(deps, before.placement);
        break;
      case 'canceled':
        if (isOpen(before.status) && (await runOrderCommand(deps, orderId, { type: 'CancelOrder', reason: 'The payment was cancelled.' })).append) {
          await releaseReservations(deps, before.placement);
        }
        break;
      default: {
        const unknownOutcome: never = outcome;
        return unknownOutcome;
      }
    }
    return (await readOrder(deps, orderId)) as PlacedOrder;
  });
}

/**
 * Sells the order's beats, all or none: the first one another order got is the reason to refund,
 * and the beats this order already took are for sale again.
 */
async function sellBeats(deps: AppDeps, placement: OrderPlacement, at: string): Promise<{ refusal: string | null; lastPosition: number; sources: Map<number, BeatSource> }> {
  let lastPosition = 0;
  // Read from each beat as it is sold, so the file names recorded with the payment are the files served.
  const sources = new Map<number, BeatSource>();
  for (const line of beatsOf(placement)) {
    try {
      const { position, state } = await handleCommand(deps.eventStore, productStreamId(line.productId), productDecider, {
        type: 'SellProduct',
        productId: line.productId,
        orderId: placement.orderId,
        at,
      });
      lastPosition = Math.max(lastPosition, position);
      sources.set(line.productId, beatSourceOf(state, line.productId));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await revertSales(deps, placement);
      return { refusal: `${line.name} was sold to another buyer before your payment completed. Your payment has been refunded.`, lastPosition, sources };
    }
  }
  return { refusal: null, lastPosition, sources };
}

async function revertSales(deps: AppDeps, placement: OrderPlacement): Promise<void> {
  for (const line of beatsOf(placement)) {
    await handleCommand(deps.eventStore, productStreamId(line.productId), productDecider, { type: 'RevertSale', productId: line.productId, orderId: placement.orderId });
  }
}

async function completePayment(deps: AppDeps, order: PlacedOrder, providerPaymentId: string): Promise<void> {
  const payments = paymentsFor(deps, order);
  if (order.status === 'paid' || order.status === 'refunded') return;
  if (!isOpen(order.status)) {
    // Money arrived for an order that already failed or was cancelled: it goes straight back.
    await payments.refund(providerPaymentId, order.placement.orderId);
    return;
  }
  const { placement } = order;
  const paidAt = deps.clock.now();
  // Everything the buyer gets is taken before the payment is recorded, each step idempotent per
  // order: a crash in between leaves the order open, and completing it again picks up from there.
  const sale = await sellBeats(deps, placement, paidAt.toISOString());
  const membership = sale.refusal === null ? await grantProMembership(deps, placement) : { refusal: null, lastPosition: 0 };
  if (membership.refusal !== null) await revertSales(deps, placement);
  const refusal = sale.refusal ?? membership.refusal;
  if (refusal !== null) {
    await payments.refund(providerPaymentId, placement.orderId);
    await runOrderCommand(deps, placement.orderId, { type: 'ConfirmPayment', providerPaymentId, paidAt: paidAt.toISOString(), files: [], refundReason: refusal });
    await releaseReservations(deps, placement);
    return;
  }
  // A custom service's line names a sound service, whose id is no product's: the cart is not its.
  const bought = placement.lines.filter((line) => line.productType !== 'customservice').map((line) => line.productId);
  // The metadata says why the lines left the cart: bought, not removed by the buyer (the analytics stream tells them apart).
  await runCartCommand(deps, userCartStreamId(placement.userId), { type: 'RemovePurchased', productIds: bought }, { purchasedIn: placement.orderId });
  crashPoint(deps.config, 'goods-taken');
  const { append } = await runOrderCommand(deps, placement.orderId, {
    type: 'ConfirmPayment',
    providerPaymentId,
    paidAt: paidAt.toISOString(),
    files: filesToDeliver(placement.lines, paidAt, sale.sources),
    refundReason: null,
  });
  // Only the writer that recorded the payment delivers: a second confirmation finds nothing to do.
  if (!append) return;
  crashPoint(deps.config, 'payment-recorded');
  const couponUse = await confirmCouponUse(deps, placement.coupon, placement.orderId);
  // Links must work and the beat must show as sold by the time the buyer sees the answer.
  await deps.projector.waitFor(Math.max(append.lastPosition, sale.lastPosition, membership.lastPosition, couponUse));
  deps.orderMails.soon(deps, placement.orderId);
  // A missed nudge (a crash here) costs only a wait: the job's next run finds the sale anyway.
  if (sale.sources.size > 0) {
    await renderMastersSoon(deps);
    await issueContractsSoon(deps);
  }
  crashPoint(deps.config, 'buyer-notified');
}
