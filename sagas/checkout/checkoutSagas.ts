import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { assert } from 'superstruct';
import type { ApiClient, ApiRequest } from '../../shared/api/apiClient';
import { selectUser } from '../../shared/features/auth/authSlice';
import { cartReloadRequested, selectCart, type CartState } from '../../shared/features/cart/cartSlice';
import {
  addressSubmitted,
  cardPaymentSubmitted,
  checkoutRequested,
  orderFailed,
  orderRedirecting,
  orderReturned,
  orderSucceeded,
  paymentFormOpened,
  paypalPaymentSubmitted,
  selectCheckout,
  type CheckoutState,
} from '../../shared/features/checkout/checkoutSlice';
import { navigationArrived, navigationRequested, selectLocation } from '../../shared/features/navigation/navigationSlice';
import type { User } from '../../shared/schemas/auth';
import { type CreateOrderBody, type Order, OrderSchema } from '../../shared/schemas/order';
import type { HistoryPort } from '../../shared/store/makeStore';
import { withQuery } from '../../shared/routes/popupQuery';
import { failureMessage } from '../failureMessage';
import { popupOpened } from '../auth/popupActions';
import { trackingHeaders } from '../trackingHeader';

/**
 * The provider's page sends the buyer back to /cart?order={id}; from PayPal also with
 * paypal=approved (the storefront captures) or paypal=cancelled (it cancels).
 */
export const ORDER_RETURN_KEY = 'order';
export const PAYPAL_RETURN_KEY = 'paypal';
export type PaypalReturn = 'approved' | 'cancelled';

export const NOT_COMPLETED = 'The payment was not completed.';

/** A guest is asked to log in or register first (orders need an account); a member picks how to pay. */
function* startCheckout() {
  const user: User | null = yield select(selectUser);
  yield put(user ? paymentFormOpened() : popupOpened('login'));
}

/** The coupon the cart accepted goes with the order; a rejected one is not sent. */
function* acceptedCoupon() {
  const cart: CartState = yield select(selectCart);
  return cart.coupon?.code ?? null;
}

/**
 * Where an order's answer leads: paid shows the downloads; failed shows the reason; a provider
 * step (PayPal approval, 3-D Secure) sends the browser to the provider's page, unless the buyer
 * is just back from it, which means it was not completed.
 */
function* settleOrder(order: Order, backFromProvider: boolean) {
  if (order.status === 'paid') {
    yield put(orderSucceeded(order));
    yield put(cartReloadRequested());
    return;
  }
  if ((order.status === 'requires_action' || order.status === 'pending') && order.nextActionUrl && !backFromProvider) {
    yield put(orderRedirecting(order));
    const history: HistoryPort = yield getContext('history');
    if (history.leave) yield call([history, history.leave], order.nextActionUrl);
    return;
  }
  yield put(orderFailed({ reason: order.failureReason ?? NOT_COMPLETED, order }));
  yield put(cartReloadRequested());
}

function* placeOrder(request: ApiRequest) {
  const api: ApiClient = yield getContext('api');
  const headers: Record<string, string> = yield call(trackingHeaders);
  try {
    const order: Order = yield call([api, api.request], { ...request, headers });
    assert(order, OrderSchema);
    yield call(settleOrder, order, false);
  } catch (error) {
    yield put(orderFailed({ reason: failureMessage(error), order: null }));
  }
}

/** POST /ecommerce/orders/stripe with the provider's payment-method id (the sandbox's test ids). */
function* payByCard({ payload }: ReturnType<typeof cardPaymentSubmitted>) {
  const coupon: string | null = yield call(acceptedCoupon);
  yield call(placeOrder, {
    method: 'POST',
    path: '/ecommerce/orders/stripe',
    body: { stripePaymentMethodId: payload.paymentMethodId, coupon },
  });
}

function* payByPaypal() {
  const coupon: string | null = yield call(acceptedCoupon);
  const body: CreateOrderBody = { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon };
  yield call(placeOrder, { method: 'POST', path: '/ecommerce/orders', body });
}

/** A wallet payment request carries the shipping address the address popup asked for. */
function* payByWallet({ payload }: ReturnType<typeof addressSubmitted>) {
  const { walletType }: CheckoutState = yield select(selectCheckout);
  const coupon: string | null = yield call(acceptedCoupon);
  const body: CreateOrderBody = { paymentMethod: 'wallet', paymentMethodWalletType: walletType, shippingAddress: payload, coupon };
  yield call(placeOrder, { method: 'POST', path: '/ecommerce/orders', body });
}

/**
 * Back from the provider's page: PayPal's approval is captured (or its cancel cancelled), a card
 * step is asked with GET refresh-status; the answer tells how it went.
 */
function* refreshReturnedOrder({ payload }: ReturnType<typeof orderReturned>) {
  const api: ApiClient = yield getContext('api');
  const id = encodeURIComponent(payload.orderId);
  const request: ApiRequest =
    payload.paypal === 'approved'
      ? { method: 'POST', path: `/ecommerce/payments/paypal/${id}/capture` }
      : payload.paypal === 'cancelled'
        ? { method: 'POST', path: `/ecommerce/payments/paypal/${id}/cancel` }
        : { method: 'GET', path: `/ecommerce/orders/${id}/refresh-status` };
  try {
    const order: Order = yield call([api, api.request], request);
    assert(order, OrderSchema);
    yield call(settleOrder, order, true);
  } catch (error) {
    yield put(orderFailed({ reason: failureMessage(error), order: null }));
  }
}

/** /cart?order={id}: the key leaves the address (a reload must not ask again) and the order is refreshed. */
function* noticeReturn() {
  const { pathname, search }: { pathname: string; search: string } = yield select(selectLocation);
  const query = new URLSearchParams(search);
  const orderId = query.get(ORDER_RETURN_KEY);
  if (pathname !== '/cart' || !orderId) return;
  const paypal = query.get(PAYPAL_RETURN_KEY);
  yield put(
    navigationRequested({ pathname, search: withQuery(search, { [ORDER_RETURN_KEY]: null, [PAYPAL_RETURN_KEY]: null }), mode: 'replace' }),
  );
  yield put(orderReturned({ orderId, paypal: paypal === 'approved' || paypal === 'cancelled' ? paypal : null }));
}

export function* checkoutSagas() {
  yield takeLatest(checkoutRequested.type, startCheckout);
  // One payment at a time: a second press while an order call runs is ignored.
  yield takeLeading([cardPaymentSubmitted.type, paypalPaymentSubmitted.type, addressSubmitted.type], function* (action: { type: string }) {
    if (cardPaymentSubmitted.match(action)) yield call(payByCard, action);
    else if (addressSubmitted.match(action)) yield call(payByWallet, action);
    else yield call(payByPaypal);
  });
  yield takeLatest(orderReturned.type, refreshReturnedOrder);
  yield takeLatest(navigationArrived.type, noticeReturn);
  yield call(noticeReturn);
}
