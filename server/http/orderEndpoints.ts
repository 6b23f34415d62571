import { CreateOrderBodySchema, type Order, StripeOrderBodySchema } from '../../shared/schemas/order';
import type { AppDeps } from '../appDeps';
import { requireUser } from '../auth/requireUser';
import { cancelOpenOrder } from '../commerce/cancelOrder';
import { checkout, type CheckoutRequest, parseIdempotencyKey } from '../commerce/checkout';
import { orderAnswer, paymentsFor, parseOrderId, type PlacedOrder, readOwnOrder } from '../commerce/orders';
import { lookUpAttempt } from '../commerce/reconcile';
import { applyOutcome } from '../commerce/settlePayment';
import { trackingMetadata } from '../commerce/trackingId';
import { isOpen } from '../domain/order/orderDecider';
import { PaymentProviderError } from '../payments/paymentProvider';
import { defineEndpoint, type Endpoint, type EndpointRequest, HttpError } from './endpoint';

/** A guest registers before paying: the cart comes along (server/commerce/cartCommands.ts mergeGuestCart). */
const LOGIN_TO_PAY = 'Please log in or register to pay for your order';

const answer = (order: PlacedOrder, status = 200) => ({ status, body: orderAnswer(order) satisfies Order });

type PaymentChoice = Omit<CheckoutRequest, 'user' | 'idempotencyKey' | 'metadata'>;

/** Both order endpoints: the buyer's choice plus what every checkout takes from the request itself. */
async function placeOrder(request: EndpointRequest, deps: AppDeps, user: CheckoutRequest['user'], choice: PaymentChoice) {
  const { order, created } = await checkout(deps, {
    user,
    ...choice,
    idempotencyKey: parseIdempotencyKey(request.context.headers['idempotency-key']),
    metadata: trackingMetadata(request.context),
  });
  return answer(order, created ? 201 : 200);
}

/**
 * Asks the provider where an open order's payment stands and records it: by its payment id, or
 * for an attempt the provider did not answer, by our order id. A provider that cannot be reached
 * leaves the order as it is.
 */
async function refresh(deps: AppDeps, order: PlacedOrder): Promise<PlacedOrder> {
  if (!isOpen(order.status)) return order;
  try {
    const outcome = order.providerPaymentId !== null ? await paymentsFor(deps, order).retrieve(order.providerPaymentId) : order.outcomeUnknown ? await lookUpAttempt(deps, order) : null;
    return outcome ? await applyOutcome(deps, order.placement.orderId, outcome) : order;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return order;
  }
}

/** The cancel endpoints: cancelled twice is fine; an order that is (or just got) paid, failed or refunded is not cancelled. */
async function cancel(deps: AppDeps, order: PlacedOrder): Promise<PlacedOrder> {
  if (order.status === 'cancelled') return order;
  const ended = await cancelOpenOrder(deps, order, 'The order was cancelled.');
  if (ended.status !== 'cancelled') throw new HttpError(409, `A ${ended.status} order cannot be cancelled`);
  return ended;
}

export const orderEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'POST',
    path: '/ecommerce/orders',
    access: 'member',
    loginMessage: LOGIN_TO_PAY,
    input: { body: CreateOrderBodySchema, bodyName: 'order' },
    async handle(request, deps) {
      const user = requireUser(request);
      const input = request.body;
      if (input.paymentMethod === 'card') throw new HttpError(400, 'Card payments go to POST /ecommerce/orders/stripe with a payment-method id');
      if (input.paymentMethod === 'wallet' && input.paymentMethodWalletType === null) throw new HttpError(400, 'Invalid paymentMethodWalletType: a wallet payment names its wallet');
      return placeOrder(request, deps, user, {
        paymentMethod: input.paymentMethod,
        walletType: input.paymentMethodWalletType,
        shippingAddress: input.shippingAddress,
        coupon: input.coupon,
        paymentMethodId: null,
        expectedTotalCents: input.expectedTotal,
      });
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/ecommerce/orders/stripe',
    access: 'member',
    loginMessage: LOGIN_TO_PAY,
    input: { body: StripeOrderBodySchema, bodyName: 'order' },
    async handle(request, deps) {
      const user = requireUser(request);
      const input = request.body;
      if (!/^pm_[A-Za-z0-9_]+$/.test(input.stripePaymentMethodId)) throw new HttpError(400, 'Invalid stripePaymentMethodId: a Stripe payment-method id starts with pm_');
      return placeOrder(request, deps, user, {
        paymentMethod: 'card',
        walletType: null,
        shippingAddress: null,
        coupon: input.coupon,
        paymentMethodId: input.stripePaymentMethodId,
        expectedTotalCents: input.expectedTotal,
      });
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/ecommerce/orders/:orderId/refresh-status',
    access: 'member',
    input: {},
    loginMessage: LOGIN_TO_PAY,
    async handle(request, deps) {
      const user = requireUser(request);
      const order = await readOwnOrder(deps, parseOrderId(request.params.orderId), user.id);
      return answer(await refresh(deps, order));
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/ecommerce/orders/:id/cancel',
    access: 'member',
    input: {},
    loginMessage: LOGIN_TO_PAY,
    async handle(request, deps) {
      const user = requireUser(request);
      return answer(await cancel(deps, await readOwnOrder(deps, parseOrderId(request.params.id), user.id)));
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/ecommerce/payments/paypal/:id/capture',
    access: 'member',
    input: {},
    loginMessage: LOGIN_TO_PAY,
    async handle(request, deps) {
      const user = requireUser(request);
      const order = await readOwnOrder(deps, parseOrderId(request.params.id), user.id);
      if (order.placement.paymentMethod !== 'paypal') throw new HttpError(400, 'Only a PayPal order is captured');
      if (order.status === 'paid' || order.status === 'refunded') return answer(order);
      if (!isOpen(order.status) || order.providerPaymentId === null) throw new HttpError(409, `A ${order.status} order cannot be captured`);
      const outcome = await deps.payments.paypal.capture(order.providerPaymentId, order.placement.orderId);
      const settled = await applyOutcome(deps, order.placement.orderId, outcome);
      if (settled.status === 'requires_action') throw new HttpError(409, 'The PayPal payment has not been approved yet');
      return answer(settled);
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/ecommerce/payments/paypal/:id/cancel',
    access: 'member',
    input: {},
    loginMessage: LOGIN_TO_PAY,
    async handle(request, deps) {
      const user = requireUser(request);
      const order = await readOwnOrder(deps, parseOrderId(request.params.id), user.id);
      if (order.placement.paymentMethod !== 'paypal') throw new HttpError(400, 'Only a PayPal order is cancelled here');
      return answer(await cancel(deps, order));
    },
  }),
];
