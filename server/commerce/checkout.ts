import { createHash, randomUUID } from 'node:crypto';
import type { User } from '../../shared/schemas/auth';
import type { ShippingAddress } from '../../shared/schemas/order';
import type { AppDeps } from '../appDeps';
import { userCartStreamId } from '../domain/cart/cartEvents';
import { handleCommand } from '../domain/commandHandler';
import { DomainError } from '../domain/decider';
import type { OrderPlacement, PaymentMethod } from '../domain/order/orderEvents';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { HttpError } from '../http/endpoint';
import { type PaymentOutcome, PaymentProviderError } from '../payments/paymentProvider';
import { readCart } from './cartOwner';
import { priceCartLines } from './cartView';
import { KeyedLock } from './keyedLock';
import { type PlacedOrder, readOrder, runOrderCommand } from './orders';
import { applyOutcome, releaseReservations } from './settlePayment';

/** How long an exclusive is held for a buyer who is paying (a 3-D Secure step, the PayPal page). */
export const RESERVATION_MS = 30 * 60 * 1000;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{8,255}$/;

/** One checkout per buyer at a time in this process, so a double click finds the order the first click made. */
const checkoutLocks = new KeyedLock();

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

/** The order a retried request already made: same Idempotency-Key, or the same cart still being paid. */
async function previousOrder(deps: AppDeps, userId: number, requestKey: string, byHeader: boolean): Promise<{ orderId: string; state: Awaited<ReturnType<typeof readOrder>> } | null> {
  const row = await deps.database.query
    .selectFrom('commerce_order_requests')
    .select('order_id')
    .where('user_id', '=', userId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
  if (!row) return null;
  const state = await readOrder(deps, row.order_id);
  // The same cart after a decline or a cancel is a new attempt; the same key never is.
  if (!byHeader && (state.status === 'failed' || state.status === 'cancelled')) return null;
  return { orderId: row.order_id, state };
}

async function rememberRequest(deps: AppDeps, userId: number, requestKey: string, orderId: string): Promise<void> {
  const created_at = deps.clock.now().getTime();
  await deps.database.transaction((tx) =>
    tx
      .insertInto('commerce_order_requests')
      .values({ user_id: userId, request_key: requestKey, order_id: orderId, created_at })
      .onConflict((conflict) => conflict.columns(['user_id', 'request_key']).doUpdateSet({ order_id: orderId, created_at }))
      .execute(),
  );
}

/**
 * Places an order for the buyer's cart and starts its payment. A retried request answers the
 * order it made before and never charges again; an exclusive someone else is paying for refuses
 * the order before any money moves.
 */
export async function checkout(deps: AppDeps, request: CheckoutRequest): Promise<{ order: PlacedOrder; created: boolean }> {
  const { user } = request;
  return checkoutLocks.run(`user-${user.id}`, async () => {
    const byHeader = request.idempotencyKey !== undefined;
    // A key names one attempt whatever the cart holds now (a paid order has emptied it).
    const keyed = byHeader ? await previousOrder(deps, user.id, `key:${request.idempotencyKey}`, true) : null;
    if (keyed && keyed.state.status !== 'none') return { order: keyed.state, created: false };
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
    const previous = byHeader ? keyed : await previousOrder(deps, user.id, requestKey, false);
    if (previous && previous.state.status !== 'none') return { order: previous.state, created: false };

    const orderId = previous?.orderId ?? randomUUID();
    await rememberRequest(deps, user.id, requestKey, orderId);
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
    await runOrderCommand(deps, orderId, { type: 'PlaceOrder', placement }, request.metadata);

    const refusal = await reserveExclusives(deps, placement);
    if (refusal !== null) {
      await runOrderCommand(deps, orderId, { type: 'FailPayment', reason: refusal });
      return { order: (await readOrder(deps, orderId)) as PlacedOrder, created: true };
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
