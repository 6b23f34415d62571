import type { AppDeps } from '../appDeps';
import { isOpen } from '../domain/order/orderDecider';
import { orderLocks, type PlacedOrder, readOrder, runOrderCommand } from './orders';
import { applyOutcome, releaseReservations } from './settlePayment';

/**
 * The card or wallet payment to cancel for an order: the recorded one, or for an attempt whose
 * answer was lost, the one the provider holds under our order id.
 */
async function cardPaymentOf(deps: AppDeps, order: PlacedOrder): Promise<string | null> {
  if (order.placement.paymentMethod === 'paypal') return null;
  if (order.providerPaymentId !== null) return order.providerPaymentId;
  if (order.attemptedAt === null) return null;
  return (await deps.payments.card.findPayment(order.placement.orderId))?.providerPaymentId ?? null;
}

/**
 * Cancels an open order and lets go of its beats. A card or wallet payment is cancelled at
 * the provider first, so it cannot complete afterwards; a payment that completed first wins, and
 * the answer is the order as it ended (paid, refunded, failed), not cancelled. A PayPal order that
 * was never captured takes no money (capture refuses an order that is not open), so cancelling
 * it here is enough.
 */
export async function cancelOpenOrder(deps: AppDeps, order: PlacedOrder, reason: string): Promise<PlacedOrder> {
  if (!isOpen(order.status)) return order;
  const orderId = order.placement.orderId;
  const paymentId = await cardPaymentOf(deps, order);
  if (paymentId !== null) {
    const outcome = await deps.payments.card.cancel(paymentId);
    if (outcome.status !== 'canceled') {
      const settled = await applyOutcome(deps, orderId, outcome);
      if (!isOpen(settled.status)) return settled;
    }
  }
  return orderLocks.run(orderId, async () => {
    const current = await readOrder(deps, orderId);
    if (current.status !== 'none' && isOpen(current.status)) {
      const { append } = await runOrderCommand(deps, orderId, { type: 'CancelOrder', reason });
      if (append) await releaseReservations(deps, order.placement);
    }
    return (await readOrder(deps, orderId)) as PlacedOrder;
  });
}
