import { createHash, randomUUID } from 'node:crypto';
import type { User } from '../../shared/schemas/auth';
import type { ShippingAddress } from '../../shared/schemas/order';
import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { userCartStreamId } from '../domain/cart/cartEvents';
import { isOpen, type OrderState } from '../domain/order/orderDecider';
import type { OrderPlacement, PaymentMethod } from '../domain/order/orderEvents';
import { DomainError } from '../domain/decider';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId, sellsOnce } from '../domain/product/productEvents';
import { HttpError } from '../http/endpoint';
import { cancelOpenOrder } from './cancelOrder';
import { refuseOverHolding } from './buyerHolds';
import { readCart } from './cartOwner';
import { holdCouponUse } from './coupons';
import { type PricedCart, priceCartLines } from './cartView';
import { priceChanged } from './priceChanged';
import { KeyedLock } from './keyedLock';
import { RESERVATION_MS } from './reservation';
import { ALREADY_PRO, isProBuyerNow } from './proMembership';
import { type PlacedOrder, readOrder, runOrderCommand } from './orders';
import { payFor, resumeOrder } from './payForOrder';

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
  /** The total the buyer was shown, in cents: the order is placed at this total or not at all. */
  expectedTotalCents: number;
  /** The Idempotency-Key header, when the storefront sends one. */
  idempotencyKey: string | undefined;
  metadata: Record<string, unknown> | undefined;
}

export function parseIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!IDEMPOTENCY_KEY.test(value)) throw new HttpError(400, 'Invalid Idempotency-Key: use 8 to 255 letters, digits, or _ : . -');
  return value;
}

/** Why a cart whose lines are all inactive cannot be paid for, in the buyer's words. */
function nothingToPay(priced: PricedCart, buyer: { isProBuyer: boolean }): HttpError {
  const inactive = priced.answer.items.filter((item) => !item.active);
  const gone = inactive.filter((item) => !(item.isProMembership && buyer.isProBuyer)).map((item) => item.product.name);
  if (gone.length > 0) return new HttpError(409, `${gone.join(', ')} ${gone.length === 1 ? 'is' : 'are'} not available anymore`);
  if (inactive.length > 0) return new HttpError(409, ALREADY_PRO);
  return new HttpError(400, 'Your cart has nothing to pay for');
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

/** The order a checkout with this Idempotency-Key placed for the buyer; null before one did. */
export function orderIdOfKey(deps: AppDeps, userId: number, idempotencyKey: string): Promise<string | null> {
  return requestOrderId(deps, userId, `key:${idempotencyKey}`);
}

/**
 * Whether a request without a key that finds this order is a retry of it: only while it is
 * still being paid, and not past the reservation window. A paid or refunded order (the buyer
 * buying the same sample pack again later), a declined or cancelled one, or one abandoned long ago
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
    if (isOpen(previous.status)) {
      // An open order abandoned long ago must not charge after the new one does.
      const ended = await cancelOpenOrder(deps, previous, 'A newer order for the same cart replaced this one.');
      // Its payment had in fact gone through (the answer was lost): this request is its retry.
      if (ended.status === 'paid') return { orderId: seen, existing: ended };
    }
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

/**
 * The buyer's own earlier order that still holds one of these beats (a 3-D Secure page or
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
 * Holds a use of the order's coupon for its payment window. Another buyer took its last use since
 * the cart was priced: the total without it is a changed price (409), as an expired coupon's is.
 */
async function holdCoupon(deps: AppDeps, placement: OrderPlacement, orderId: string, withoutCoupon: () => Promise<PricedCart>): Promise<void> {
  try {
    await holdCouponUse(deps, placement.coupon, orderId, new Date(deps.clock.now().getTime() + RESERVATION_MS));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const priced = await withoutCoupon();
    throw priceChanged({ ...priced, answer: { ...priced.answer, couponError: error.message } });
  }
}

/**
 * Places an order for the buyer's cart and starts its payment. A retried request answers the
 * order it made before and never charges again, on whichever server it lands; the buyer's own
 * earlier attempt on a beat is cancelled in favour of this one; a beat someone else
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
      if (state && state.status !== 'none') return { order: await resumeOrder(deps, state, request.paymentMethodId), created: false };
    }
    const cart = await readCart(deps, userCartStreamId(user.id));
    const buyer = { isProBuyer: await isProBuyerNow(deps, user.id) };
    const priced = await priceCartLines(deps, cart.lines, request.coupon, buyer);
    if (priced.payable.length === 0) throw nothingToPay(priced, buyer);
    // The cart refuses a producer's own products; one put in as a guest came with the login's merge.
    const own = priced.payable.filter(({ info }) => info.producerId === user.producerId).map(({ info }) => info.product.name);
    if (own.length > 0) throw new HttpError(403, `${own.join(', ')} ${own.length === 1 ? 'is' : 'are'} your own: remove ${own.length === 1 ? 'it' : 'them'} from your cart`);
    if (priced.totalCents !== request.expectedTotalCents) throw priceChanged(priced);
    // The buyer was shown this total without a discount, yet names a coupon that gives none.
    if (priced.answer.couponError !== null) throw new HttpError(400, priced.answer.couponError);

    const snapshot = JSON.stringify({
      lines: priced.payable.map(({ line, priceCents }) => [line.productId, line.includeProjectFile, priceCents]),
      coupon: priced.answer.coupon?.code ?? null,
      method: request.paymentMethod,
      wallet: request.walletType,
      paymentMethodId: request.paymentMethodId,
    });
    const requestKey = byHeader ? `key:${request.idempotencyKey}` : `cart:${createHash('sha256').update(snapshot).digest('hex')}`;
    const { orderId, existing } = await claimRequest(deps, user.id, requestKey, byHeader);
    if (existing) return { order: await resumeOrder(deps, existing, request.paymentMethodId), created: false };

    const lines = priced.payable.map(({ line, info }) => ({ productId: line.productId, productType: info.product.productType }));
    await refuseOverHolding(deps, user.id, lines, orderId);
    const beats = lines.filter((line) => sellsOnce(line.productType)).map((line) => line.productId);
    await cancelOwnHolds(deps, user.id, beats, orderId);
    const placement: OrderPlacement = {
      orderId,
      userId: user.id,
      lines: priced.payable.map(({ line, info, priceCents }) => ({
        productId: line.productId,
        producerId: info.producerId,
        name: info.product.name,
        productType: info.product.productType,
        includeProjectFile: line.includeProjectFile && info.projectFilePriceCents !== null,
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
    await holdCoupon(deps, placement, orderId, () => priceCartLines(deps, cart.lines, null, buyer));
    const placed = await runOrderCommand(deps, orderId, { type: 'PlaceOrder', placement }, request.metadata);
    // Another server took the same request and placed this order first: it pays, this answers.
    if (placed.append === null) return { order: await resumeOrder(deps, placed.state as PlacedOrder, request.paymentMethodId), created: false };

    return { order: await payFor(deps, placed.state as PlacedOrder, request.paymentMethodId), created: true };
  });
}
