import type { AppDeps } from '../appDeps';
import { DomainError } from '../domain/decider';
import { orderLocks, paymentsFor, type PlacedOrder, readOrder, runOrderCommand } from './orders';

/**
 * Gives a paid order's money back through the provider that took it, then records the refund
 * (the downloads projection revokes its links on OrderRefunded). Both steps are idempotent per
 * order (the sandbox moves only a succeeded payment, Stripe and PayPal take the order's refund
 * key), so a crash between them is finished by asking again, and the money goes back once.
 * The one path for every refund: an admin's, a declined custom order's.
 */
export async function refundPaidOrder(deps: AppDeps, orderId: string, reason: string): Promise<PlacedOrder> {
  return orderLocks.run(orderId, async () => {
    const order = await readOrder(deps, orderId);
    if (order.status === 'none') throw new DomainError(`Order ${orderId} not found`, 404);
    if (order.status === 'refunded') return order;
    if (order.status !== 'paid' || order.providerPaymentId === null) throw new DomainError(`A ${order.status} order cannot be refunded`, 409);
    await paymentsFor(deps, order).refund(order.providerPaymentId, orderId);
    const { position, state } = await runOrderCommand(deps, orderId, { type: 'RefundOrder', reason });
    await deps.projector.waitFor(position);
    if (state.status === 'none') throw new DomainError(`Order ${orderId} not found`, 404);
    return state;
  });
}
