import { createHash, randomUUID } from 'node:crypto';
import type { User } from '../../shared/schemas/auth';
import type { ShippingAddress } from '../../shared/schemas/order';
import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { userCartStreamId } from '../domain/cart/cartEvents';
import { handleCommand } from '../domain/commandHandler';
import { DomainError } from '../domain/decider';
import { isOpen, type OrderState } from '../domain/order/orderDecider';
import type { OrderPlacement, PaymentMethod } from '../domain/order/orderEvents';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { HttpError } from '../http/endpoint';
import { type PaymentOutcome, PaymentProviderError } from '../payments/paymentProvider';
import { cancelOpenOrder } from './cancelOrder';
import { readCart } from './cartOwner';
import { priceCartLines } from './cartView';
import { KeyedLock } from './keyedLock';
import { type PlacedOrder, readOrder, runOrderCommand } from './orders';
import { applyOutcome, releaseReservations } from './settlePayment';

/** How long an exclusive is held for a buyer who is paying (a 3-D Secure step, the PayPal page). */
export const RESERVATION_MS = 30 * 60 * 1000;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{8,255}$/;

/**
 * One checkout per buyer at a time in this app (one per process), so a double click finds the
 * order the first click made; apps on other servers are kept apart by the request claim.
 */
const checkoutLocks = new WeakMap<AppDeps, KeyedLock>();

function checkoutLock(deps: AppDeps): KeyedLock {
  let lock = checkoutLocks.get(deps);
  if (!lock) {
    lock = new KeyedLock();
    checkoutLocks.set(deps, lock);
  }
  return lock;
}

export interface CheckoutRequest {
  user: User;
  paymentMethod: PaymentMethod;
  walletType: string | null;
  shippingAddress: ShippingAddress | null;
  coupon: string | null;
  /** Cards only: the provider's payment-method id. */
  paymentMethodId: string | null;
  /** The Idempotency-Key header, when the storefront sends one. */
  idempotencyKey: string | undefined;
  metadata: Record<string, unknown> | undefined;
}

export function parseIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!IDEMPOTENCY_KEY.test(value)) throw new HttpError(400, 'Invalid Idempotency-Key: use 8 to 255 letters, digits, or _ : . -');
  return value;
}

const returnUrls = (deps: AppDeps, orderId: string) => ({
  returnUrl: `${deps.config.publicUrl}/cart?orderId=${orderId}`,
  cancelUrl: `${deps.config.publicUrl}/cart?orderId=${orderId}&cancelled=true`,
});

/** Holds every exclusive for the order; the first one someone else holds refuses the order before any money moves. */
async function reserveExclusives(deps: AppDeps, placement: OrderPlacement): Promise<string | null> {
  const at = deps.clock.now();
  for (const line of placement.lines.filter((l) => l.exclusive)) {
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

async function requestOrderId(deps: AppDeps, userId: number, requestKey: string): Promise<string | null> {
  const row = await deps.database.query
    .selectFrom('commerce_order_requests')
    .select('order_id')
    .where('user_id', '=', userId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
  return row?.order_id ?? null;
}

/**
 * Whether a request without a key that finds this order is a retry of it: only while it is
 * still being paid, and not past the reservation window. A paid or refunded order (the buyer
 * buying the same lease again later), a declined or cancelled one, or one abandoned long ago
 * leaves the cart to a new order.
 */
function stillBeingPaid(deps: AppDeps, state: OrderState): boolean {
  return state.status !== 'none' && isOpen(state.status) && deps.clock.now().getTime() - Date.parse(state.placement.placedAt) < RESERVATION_MS;
}

/**
 * Claims the request for one order and answers its id, with the order when one was placed
 * already. Servers share the claim through the database: the first insert wins and everyone
 * reads the winner back, and a finished attempt is replaced only where it still names the order
 * the replacing request saw, so two servers taking the same double click end on one order.
 */
async function claimRequest(deps: AppDeps, userId: number, requestKey: string, byHeader: boolean): Promise<{ orderId: string; existing: PlacedOrder | null }> {
  const fresh = randomUUID();
  const created_at = deps.clock.now().getTime();
  const seen = await requestOrderId(deps, userId, requestKey);
  if (seen === null) {
    await deps.database.transaction((tx) =>
      tx
        .insertInto('commerce_order_requests')
        .values({ user_id: userId, request_key: requestKey, order_id: fresh, created_at })
        .onConflict((conflict) => conflict.columns(['user_id', 'request_key']).doNothing())
        .execute(),
    );
  } else {
    const previous = await readOrder(deps, seen);
    // The same key names one attempt whatever became of it; the same cart only while it is paid.
    if (previous.status === 'none' || byHeader || stillBeingPaid(deps, previous)) return { orderId: seen, existing: previous.status === 'none' ? null : previous };
    // An open order abandoned long ago must not charge after the new one does.
    await cancelOpenOrder(deps, previous, 'A newer order for the same cart replaced this one.');
    await deps.database.transaction((tx) =>
      tx
        .updateTable('commerce_order_requests')
        .set({ order_id: fresh, created_at })
        .where('user_id', '=', userId)
        .where('request_key', '=', requestKey)
        .where('order_id', '=', seen)
        .execute(),
    );
  }
  const orderId = (await requestOrderId(deps, userId, requestKey)) ?? fresh;
  const state = orderId === fresh ? null : await readOrder(deps, orderId);
  return { orderId, existing: state === null || state.status === 'none' ? null : state };
}

/** How long a request waits for another request (on another server) that placed the same order to start its payment. */
const SETTLE_WAIT_STEPS = 100;
const SETTLE_WAIT_STEP_MS = 100;

/**
 * A placed order as its checkout left it: one still pending is being placed by another request
 * (the same double click on another server), so this waits until that request has started the
 * payment, and after the wait answers it as it stands.
 */
async function orderStartedElsewhere(deps: AppDeps, order: PlacedOrder): Promise<PlacedOrder> {
  let current = order;
  for (let step = 0; current.status === 'pending' && step < SETTLE_WAIT_STEPS; step++) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_WAIT_STEP_MS));
    current = (await readOrder(deps, order.placement.orderId)) as PlacedOrder;
  }
  return current;
}

/**
 * The buyer's own earlier order that still holds one of these exclusives (a 3-D Secure page or
 * PayPal left with Back) gives way to the new one: it is cancelled, at the provider first, so it
 * can never charge afterwards, and its reservations are released. Another buyer's hold stays.
 */
async function cancelOwnHolds(deps: AppDeps, userId: number, productIds: number[], orderId: string): Promise<void> {
  const now = deps.clock.now().getTime();
  const holders = new Set<string>();
  for (const productId of productIds) {
    const { state: product } = await aggregateStream(deps.eventStore, productStreamId(productId), productDecider);
    const reservation = product.status === 'listed' ? product.reservation : null;
    if (reservation && reservation.orderId !== orderId && Date.parse(reservation.until) > now) holders.add(reservation.orderId);
  }
  for (const holder of holders) {
    const held = await readOrder(deps, holder);
    if (held.status === 'none' || held.placement.userId !== userId || !isOpen(held.status)) continue;
    await cancelOpenOrder(deps, held, 'A newer order of the same buyer replaced this one.');
  }
}

/**
 * Places an order for the buyer's cart and starts its payment. A retried request answers the
 * order it made before and never charges again, on whichever server it lands; the buyer's own
 * earlier attempt on an exclusive is cancelled in favour of this one; an exclusive someone else
 * is paying for refuses the order before any money moves.
 */
export async function checkout(deps: AppDeps, request: CheckoutRequest): Promise<{ order: PlacedOrder; created: boolean }> {
  const { user } = request;
  return checkoutLock(deps).run(`user-${user.id}`, async () => {
    const byHeader = request.idempotencyKey !== undefined;
    // A key names one attempt whatever the cart holds now (a paid order has emptied it).
    if (byHeader) {
      const keyed = await requestOrderId(deps, user.id, `key:${request.idempotencyKey}`);
      const state = keyed === null ? null : await readOrder(deps, keyed);
      if (state && state.status !== 'none') return { order: await orderStartedElsewhere(deps, state), created: false };
    }
    const cart = await readCart(deps, userCartStreamId(user.id));
    const priced = await priceCartLines(deps, cart.lines, request.coupon);
    if (priced.answer.couponError !== null) throw new HttpError(400, priced.answer.couponError);
    if (priced.payable.length === 0) {
      const gone = priced.answer.items.filter((item) => !item.active).map((item) => item.product.name);
      if (gone.length > 0) throw new HttpError(409, `${gone.join(', ')} ${gone.length === 1 ? 'is' : 'are'} not available anymore`);
      throw new HttpError(400, 'Your cart has nothing to pay for');
    }

    const snapshot = JSON.stringify({
      lines: priced.payable.map(({ line, priceCents }) => [line.productId, line.includeProjectFile, priceCents]),
      coupon: priced.answer.coupon?.code ?? null,
      method: request.paymentMethod,
      wallet: request.walletType,
      paymentMethodId: request.paymentMethodId,
    });
    const requestKey = byHeader ? `key:${request.idempotencyKey}` : `cart:${createHash('sha256').update(snapshot).digest('hex')}`;
    const { orderId, existing } = await claimRequest(deps, user.id, requestKey, byHeader);
    if (existing) return { order: await orderStartedElsewhere(deps, existing), created: false };

    const exclusives = priced.payable.filter(({ info }) => info.exclusive).map(({ line }) => line.productId);
    await cancelOwnHolds(deps, user.id, exclusives, orderId);
    const placement: OrderPlacement = {
      orderId,
      userId: user.id,
      lines: priced.payable.map(({ line, info, priceCents }) => ({
        productId: line.productId,
        producerId: info.producerId,
        name: info.product.name,
        productType: info.product.productType,
        includeProjectFile: line.includeProjectFile && info.projectFilePriceCents !== null,
        exclusive: info.exclusive,
        priceCents,
      })),
      coupon: priced.answer.coupon,
      subTotalCents: priced.subTotalCents,
      discountCents: priced.discountCents,
      serviceFeeCents: priced.serviceFeeCents,
      totalCents: priced.totalCents,
      paymentMethod: request.paymentMethod,
      walletType: request.walletType,
      provider: request.paymentMethod === 'paypal' ? deps.payments.paypal.provider : deps.payments.card.provider,
      shippingAddress: request.shippingAddress,
      placedAt: deps.clock.now().toISOString(),
    };
    const placed = await runOrderCommand(deps, orderId, { type: 'PlaceOrder', placement }, request.metadata);
    // Another server took the same request and placed this order first: it pays, this answers.
    if (placed.append === null) return { order: await orderStartedElsewhere(deps, placed.state as PlacedOrder), created: false };

    const refusal = await reserveExclusives(deps, placement);
    if (refusal !== null) {
      const failed = await runOrderCommand(deps, orderId, { type: 'FailPayment', reason: refusal });
      return { order: failed.state as PlacedOrder, created: true };
    }
    let outcome: PaymentOutcome;
    try {
      outcome = await startPayment(deps, placement, request.paymentMethodId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      console.error(`Payment for order ${orderId} could not start:`, error.message);
      outcome = { status: 'failed', providerPaymentId: null, reason: 'The payment provider could not be reached. You were not charged; please try again.' };
    }
    return { order: await applyOutcome(deps, orderId, outcome), created: true };
  });
}
