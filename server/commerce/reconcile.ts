import type { AppDeps } from '../appDeps';
import { isOpen } from '../domain/order/orderDecider';
import type { Logger } from '../logging/logger';
import type { PaymentOutcome } from '../payments/paymentProvider';
import { PaymentProviderError } from '../payments/paymentProvider';
import { cancelOpenOrder } from './cancelOrder';
import { type PlacedOrder, paymentsFor, readOrder } from './orders';
import { RESERVATION_MS } from './reservation';
import { applyOutcome } from './settlePayment';

/**
 * How long an attempt may be in flight: a provider call with its retries ends well within this
 * (30 s timeout, two retries), and Stripe's search finds a new PaymentIntent by then. An open
 * order younger than this may still be worked on by a live request.
 */
export const ATTEMPT_GRACE_MS = 5 * 60 * 1000;

export const NOT_CHARGED = 'The payment did not go through. You were not charged; please try again.';

/**
 * Where the attempt of an order without a recorded payment stands at the provider, found by our
 * order id; null when the provider holds no payment for it. PayPal moves money only at capture,
 * which needs the id we record first, so a PayPal order without one has none.
 */
export async function lookUpAttempt(deps: AppDeps, order: PlacedOrder): Promise<PaymentOutcome | null> {
  if (order.attemptedAt === null || order.placement.paymentMethod === 'paypal') return null;
  return deps.payments.card.findPayment(order.placement.orderId);
}

const olderThan = (deps: AppDeps, iso: string, ms: number) => deps.clock.now().getTime() - Date.parse(iso) >= ms;

/** Whether a request may still be waiting on the provider for this order's last attempt. */
export const mayBeInFlight = (deps: AppDeps, order: PlacedOrder) => !order.outcomeUnknown && !olderThan(deps, order.attemptedAt ?? order.placement.placedAt, ATTEMPT_GRACE_MS);

/**
 * Settles an open order with its provider: a payment that completed is recorded (and delivered),
 * one that failed fails the order, and an attempt the provider never received fails it as
 * uncharged once no request can still be working on it. An order still waiting for its buyer
 * past the reservation window is cancelled, at the provider first.
 */
export async function reconcileOrder(deps: AppDeps, orderId: string): Promise<PlacedOrder | null> {
  const order = await readOrder(deps, orderId);
  if (order.status === 'none' || !isOpen(order.status)) return order.status === 'none' ? null : order;
  const lastMove = order.attemptedAt ?? order.placement.placedAt;
  if (!olderThan(deps, lastMove, ATTEMPT_GRACE_MS)) return order;
  const outcome = order.providerPaymentId !== null ? await paymentsFor(deps, order).retrieve(order.providerPaymentId) : await lookUpAttempt(deps, order);
  const settled = await applyOutcome(deps, orderId, outcome ?? { status: 'failed', providerPaymentId: null, reason: NOT_CHARGED });
  if (isOpen(settled.status) && olderThan(deps, settled.placement.placedAt, RESERVATION_MS)) {
    return cancelOpenOrder(deps, settled, 'The payment was not completed in time.');
  }
  return settled;
}

/** Open orders, oldest first, from the `open-orders` read model. */
async function openOrderIds(deps: AppDeps, limit: number): Promise<string[]> {
  const rows = await deps.database.query.selectFrom('commerce_open_orders').select('order_id').orderBy('placed_at').limit(limit).execute();
  return rows.map((row) => row.order_id);
}

const BATCH = 500;

/**
 * The reconciliation job: every open order once. A provider out of reach leaves that order for
 * the next run; the others go on.
 */
export async function reconcileOpenOrders(deps: AppDeps, log: Logger = deps.log): Promise<{ checked: number; settled: number; unreachable: number }> {
  await deps.projector.catchUp();
  const ids = await openOrderIds(deps, BATCH);
  let settled = 0;
  let unreachable = 0;
  for (const orderId of ids) {
    try {
      const order = await reconcileOrder(deps, orderId);
      if (order && !isOpen(order.status)) settled++;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      unreachable++;
    }
  }
  if (ids.length > 0) log.info({ checked: ids.length, settled, unreachable }, `Payments reconciled: ${ids.length} open orders checked, ${settled} settled, ${unreachable} left for a provider out of reach`);
  return { checked: ids.length, settled, unreachable };
}
