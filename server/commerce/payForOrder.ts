import type { AppDeps } from '../appDeps';
import { handleCommand } from '../domain/commandHandler';
import { DomainError } from '../domain/decider';
import type { OrderPlacement } from '../domain/order/orderEvents';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId, sellsOnce } from '../domain/product/productEvents';
import { type PaymentOutcome, PaymentProviderError } from '../payments/paymentProvider';
import { crashPoint } from './crashPoints';
import { type PlacedOrder, readOrder, runOrderCommand } from './orders';
import { lookUpAttempt, mayBeInFlight, NOT_CHARGED } from './reconcile';
import { RESERVATION_MS } from './reservation';
import { applyOutcome, releaseReservations } from './settlePayment';

/** The buyer's words for an attempt the provider did not answer, until reconciliation knows. */
export const OUTCOME_UNKNOWN =
  'The payment provider did not answer in time, so we cannot tell yet whether your payment went through. ' +
  'We keep checking with it: if it did, your order completes by itself and your files come by mail; if not, you are not charged. ' +
  'You will never be charged twice for this order.';

const returnUrls = (deps: AppDeps, orderId: string) => ({
  returnUrl: `${deps.config.publicUrl}/cart?orderId=${orderId}`,
  cancelUrl: `${deps.config.publicUrl}/cart?orderId=${orderId}&cancelled=true`,
});

/** Holds every beat of the order; the first one someone else holds refuses the order before any money moves. */
async function reserveBeats(deps: AppDeps, placement: OrderPlacement): Promise<string | null> {
  const at = deps.clock.now();
  for (const line of placement.lines.filter((l) => sellsOnce(l.productType))) {
    try {
      await handleCommand(deps.eventStore, productStreamId(line.productId), productDecider, {
        type: 'ReserveProduct',
        productId: line.productId,
        orderId: placement.orderId,
        at: at.toISOString(),
        until: new Date(at.getTime() + RESERVATION_MS).toISOString(),
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await releaseReservations(deps, placement);
      return `${line.name} is no longer available: another buyer got it first. You were not charged.`;
    }
  }
  return null;
}

async function startPayment(deps: AppDeps, placement: OrderPlacement, paymentMethodId: string | null): Promise<PaymentOutcome> {
  const urls = returnUrls(deps, placement.orderId);
  const amountCents = placement.totalCents;
  const orderId = placement.orderId;
  switch (placement.paymentMethod) {
    case 'card':
      return deps.payments.card.chargeCard({ orderId, amountCents, paymentMethodId: paymentMethodId ?? '', returnUrl: urls.returnUrl });
    case 'wallet':
      return deps.payments.card.startWalletPayment({ orderId, amountCents, walletType: placement.walletType, returnUrl: urls.returnUrl });
    case 'paypal':
      return deps.payments.paypal.createOrder({ orderId, amountCents, ...urls });
    default: {
      const unknownMethod: never = placement.paymentMethod;
      return unknownMethod;
    }
  }
}

/** How long a request waits for another request (on another server) that placed the same order to start its payment. */
const SETTLE_WAIT_STEPS = 100;
const SETTLE_WAIT_STEP_MS = 100;

/**
 * A placed order as its checkout left it: one still pending is being placed by another request
 * (the same double click on another server), so this waits until that request has started the
 * payment or heard nothing back from the provider, and after the wait answers it as it stands.
 */
async function orderStartedElsewhere(deps: AppDeps, order: PlacedOrder): Promise<PlacedOrder> {
  let current = order;
  for (let step = 0; current.status === 'pending' && !current.outcomeUnknown && step < SETTLE_WAIT_STEPS; step++) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_WAIT_STEP_MS));
    current = (await readOrder(deps, order.placement.orderId)) as PlacedOrder;
  }
  return current;
}


/**
 * Reserves the order's beats, records the attempt, and asks the provider for the money with the
 * order's idempotency key, so that asking again (a retry, a crash, another server) never charges
 * twice. A provider that does not answer leaves the order open with the reason, for a retry with
 * the same key or for reconciliation to settle.
 */
export async function payFor(deps: AppDeps, order: PlacedOrder, paymentMethodId: string | null): Promise<PlacedOrder> {
  const { placement } = order;
  const orderId = placement.orderId;
  const refusal = await reserveBeats(deps, placement);
  if (refusal !== null) return (await runOrderCommand(deps, orderId, { type: 'FailPayment', reason: refusal })).state as PlacedOrder;
  crashPoint(deps.config, 'order-placed');
  await runOrderCommand(deps, orderId, { type: 'RecordAttempt', at: deps.clock.now().toISOString() });
  crashPoint(deps.config, 'attempt-recorded');
  let outcome: PaymentOutcome;
  try {
    outcome = await startPayment(deps, placement, paymentMethodId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return settleUnanswered(deps, order, error);
  }
  crashPoint(deps.config, 'provider-answered');
  return applyOutcome(deps, orderId, outcome);
}

/**
 * The provider (after its own retries with the same key) did not answer: money may have moved.
 * The provider is asked by our order id; what it holds is recorded. PayPal takes no money before
 * capture, so an unanswered PayPal order is simply not charged. Otherwise the order waits with
 * the reason, since a card payment made a moment ago may not be findable yet.
 */
async function settleUnanswered(deps: AppDeps, order: PlacedOrder, error: PaymentProviderError): Promise<PlacedOrder> {
  const orderId = order.placement.orderId;
  deps.log.warn({ orderId, reason: error.message }, 'Payment got no answer from the provider');
  if (order.placement.paymentMethod === 'paypal') return applyOutcome(deps, orderId, { status: 'failed', providerPaymentId: null, reason: NOT_CHARGED });
  let found: PaymentOutcome | null = null;
  try {
    found = await lookUpAttempt(deps, (await readOrder(deps, orderId)) as PlacedOrder);
  } catch (lookupError) {
    if (!(lookupError instanceof PaymentProviderError)) throw lookupError;
  }
  if (found) return applyOutcome(deps, orderId, found);
  return (await runOrderCommand(deps, orderId, { type: 'RecordUnknownOutcome', reason: OUTCOME_UNKNOWN })).state as PlacedOrder;
}

/**
 * A checkout request that finds its order already placed (a retry with the same key or cart, a
 * double click on another server). An order whose payment is under way is answered as it stands.
 * One left pending (its request died, or the provider did not answer) is taken up again: what
 * the provider holds under our order id is recorded, and only if it holds nothing is it asked
 * again, with the same idempotency key.
 */
export async function resumeOrder(deps: AppDeps, order: PlacedOrder, paymentMethodId: string | null): Promise<PlacedOrder> {
  const current = mayBeInFlight(deps, order) ? await orderStartedElsewhere(deps, order) : order;
  if (current.status !== 'pending') return current;
  const found = await lookUpAttempt(deps, current);
  if (found) return applyOutcome(deps, current.placement.orderId, found);
  return payFor(deps, current, paymentMethodId);
}
