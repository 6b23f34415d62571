import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, fork, put, race, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { assert, is, StructError } from 'superstruct';
import { ApiError, type ApiRequest } from '../../shared/api/apiClient';
import { STRIPE_CARD_ELEMENT_ID, STRIPE_WALLET_ELEMENT_ID, type StripeFieldEvent, type StripePort, type StripeResult } from '../../shared/api/stripePort';
import { selectStripePublishableKey } from '../../shared/features/config/configSlice';
import { selectUser } from '../../shared/features/auth/authSlice';
import { cartLoaded, cartReloadRequested, selectCart } from '../../shared/features/cart/cartSlice';
import {
  addressSubmitted,
  cardPaymentSubmitted,
  CHECKOUT_FRAMES,
  downloadNotReady,
  downloadRequested,
  isSettledOrder,
  checkoutPopupClosed,
  checkoutRequested,
  type CheckoutPopup,
  orderFailed,
  orderPriceChanged,
  orderRedirecting,
  orderReturned,
  orderSucceeded,
  paymentFormOpened,
  paypalPaymentSubmitted,
  selectAttemptKey,
  selectCheckout,
  selectCheckoutPopup,
  stripeCardRejected,
  stripeCardSubmitted,
  stripeFieldFailed,
  stripeFieldHidden,
  stripeFieldReady,
  stripeFieldShown,
  stripeWalletConfirmed,
  walletPaymentChosen,
  type CheckoutState,
} from '../../shared/features/checkout/checkoutSlice';
import { navigationArrived, navigationRequested, selectLocation } from '../../shared/features/navigation/navigationSlice';
import { type CreateOrderBody, FILE_BEING_PREPARED, type Order, OrderSchema, PriceChangedAnswerSchema } from '../../shared/schemas/order';
import { withQuery } from '../../shared/routes/popupQuery';
import { failureMessage } from '../failureMessage';
import { frameClosed, frameOpened, frameSwapped, popupOpened } from '../auth/popupActions';
import { trackingHeaders } from '../trackingHeader';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/**
 * The provider's page sends the buyer back to /cart?orderId={id}; a cancelled PayPal approval
 * adds cancelled=true.
 */
export const ORDER_RETURN_KEY = 'orderId';
export const CANCELLED_RETURN_KEY = 'cancelled';

export const NOT_COMPLETED = 'The payment was not completed.';
export const PAYPAL_CANCELLED = 'The PayPal payment was cancelled.';

/** A guest is asked to log in or register first (orders need an account); a member picks how to pay. */
function* startCheckout() {
  const user = yield* select(selectUser);
  yield put(user ? paymentFormOpened() : popupOpened('login'));
}

/** The coupon the cart accepted goes with the order; a rejected one is not sent. */
function* acceptedCoupon() {
  const cart = yield* select(selectCart);
  return cart.coupon?.code ?? null;
}

/** Stripe.js when the server is configured with a publishable key and this is a browser; else null (the sandbox's way). */
function* stripeInPage() {
  const key = yield* select(selectStripePublishableKey);
  const port = yield* fromContext('stripe');
  return key && port ? { key, port } : null;
}

/**
 * A Stripe card or wallet payment waiting for the buyer: 3-D Secure in Stripe's dialog, or the
 * wallet's confirmation, in this page. Then the server says where the order stands (a webhook may
 * have settled it already); a payment Stripe refused that the order still waits for is cancelled,
 * so that the beats it holds are free again.
 */
function* finishInPage(port: StripePort, order: Order & { clientSecret: string }): SagaIterator<void> {
  const api = yield* fromContext('api');
  const id = encodeURIComponent(order.id);
  const result: StripeResult =
    order.paymentMethod === 'wallet'
      ? yield call([port, port.confirmWalletPayment], order.clientSecret, `/cart?${ORDER_RETURN_KEY}=${id}`)
      : yield call([port, port.handleNextAction], order.clientSecret);
  let refreshed: Order = yield call([api, api.request], { method: 'GET', path: `/ecommerce/orders/${id}/refresh-status` });
  assert(refreshed, OrderSchema);
  if (result.error !== null && (refreshed.status === 'requires_action' || refreshed.status === 'pending')) {
    refreshed = yield call([api, api.request], { method: 'POST', path: `/ecommerce/orders/${id}/cancel` });
    assert(refreshed, OrderSchema);
  }
  if (result.error !== null && refreshed.status !== 'paid') {
    yield put(orderFailed({ reason: refreshed.failureReason ?? result.error, order: refreshed, settled: isSettledOrder(refreshed) }));
    yield put(cartReloadRequested());
    return;
  }
  yield call(settleOrder, refreshed, true);
}

/**
 * Where an order's answer leads: paid shows the downloads; failed shows the reason; a provider
 * step (PayPal approval, 3-D Secure) sends the browser to the provider's page (or, with Stripe.js
 * in the page, is done here), unless the buyer is just back from it, which means it was not completed.
 */
function* settleOrder(order: Order, backFromProvider: boolean): SagaIterator<void> {
  const { clientSecret } = order;
  if (order.status === 'requires_action' && clientSecret !== null && order.paymentMethod !== 'paypal' && !backFromProvider) {
    const stripe: { port: StripePort } | null = yield call(stripeInPage);
    if (stripe) {
      yield call(finishInPage, stripe.port, { ...order, clientSecret });
      return;
    }
  }
  if (order.status === 'paid') {
    yield put(orderSucceeded(order));
    yield put(cartReloadRequested());
    return;
  }
  if ((order.status === 'requires_action' || order.status === 'pending') && order.nextActionUrl && !backFromProvider) {
    yield put(orderRedirecting(order));
    const history = yield* fromContext('history');
    if (history.leave) yield call([history, history.leave], order.nextActionUrl);
    return;
  }
  const reason = order.failureReason ?? (order.status === 'cancelled' && order.paymentMethod === 'paypal' ? PAYPAL_CANCELLED : NOT_COMPLETED);
  yield put(orderFailed({ reason, order, settled: isSettledOrder(order) }));
  yield put(cartReloadRequested());
}

/** The server answered and refused (a beat sold meanwhile, a bad coupon): no answer was lost, so a retry is a new attempt. */
const refusedByServer = (error: unknown) => error instanceof ApiError && error.statusCode < 500;

export const ANSWER_LOST =
  'The answer to your payment did not reach this page, so it may or may not have gone through. Try again: it continues the same payment, and you will never be charged twice.';

/** What the buyer is told when an order call fails; a lost answer says what a retry does. */
const orderFailure = (error: unknown) => (error instanceof ApiError || error instanceof StructError ? failureMessage(error) : ANSWER_LOST);

/** The server's 409 for a total that changed since it was shown, with the cart as it is now; null for any other failure. */
const priceChangeOf = (error: unknown) => (error instanceof ApiError && is(error.answer, PriceChangedAnswerSchema) ? error.answer : null);

/**
 * POST an order with the attempt's Idempotency-Key: when the answer is lost (a network error, a
 * 5xx) the buyer's Try again repeats the same attempt, and the server answers the order it made
 * instead of charging again. A total that changed since the buyer saw it places nothing: the new
 * cart replaces the old, and the open popup shows the new total and asks again.
 */
function* placeOrder(request: ApiRequest) {
  const api = yield* fromContext('api');
  const tracking: Record<string, string> = yield call(trackingHeaders);
  const attemptKey = yield* select(selectAttemptKey);
  const headers = attemptKey ? { ...tracking, 'Idempotency-Key': attemptKey } : tracking;
  try {
    const order = yield* apiCall(api, { ...request, headers });
    assert(order, OrderSchema);
    yield call(settleOrder, order, false);
  } catch (error) {
    const changed = priceChangeOf(error);
    if (changed) {
      yield put(cartLoaded(changed.cart));
      yield put(orderPriceChanged({ message: changed.message }));
      return;
    }
    yield put(orderFailed({ reason: orderFailure(error), order: null, settled: refusedByServer(error) }));
  }
}

/** POST /ecommerce/orders/stripe with the provider's payment-method id (the sandbox's test ids, or one Stripe.js made). */
function* payByCard(paymentMethodId: string, expectedTotal: number) {
  const coupon: string | null = yield call(acceptedCoupon);
  yield call(placeOrder, {
    method: 'POST',
    path: '/ecommerce/orders/stripe',
    body: { stripePaymentMethodId: paymentMethodId, coupon, expectedTotal },
  });
}

/** The card in Stripe's field becomes a PaymentMethod in the browser; only its id goes to our server. */
function* payByStripeCard({ payload }: ReturnType<typeof stripeCardSubmitted>) {
  const stripe: { port: StripePort } | null = yield call(stripeInPage);
  if (!stripe) return;
  const created: { paymentMethodId: string } | { error: string } = yield call([stripe.port, stripe.port.createCardPaymentMethod]);
  if ('error' in created) {
    yield put(stripeCardRejected(created.error));
    return;
  }
  yield call(payByCard, created.paymentMethodId, payload.expectedTotal);
}

/** A wallet the buyer authorised in Stripe's sheet: the order is created, then confirmed in the page. */
function* payByStripeWallet({ payload }: ReturnType<typeof stripeWalletConfirmed>) {
  const stripe: { port: StripePort } | null = yield call(stripeInPage);
  if (!stripe) return;
  const coupon: string | null = yield call(acceptedCoupon);
  const body: CreateOrderBody = {
    paymentMethod: 'wallet',
    paymentMethodWalletType: payload.walletType,
    shippingAddress: payload.shippingAddress,
    coupon,
    expectedTotal: payload.expectedTotal,
  };
  yield call(placeOrder, { method: 'POST', path: '/ecommerce/orders', body });
  const { failureReason, priceChangeNotice }: CheckoutState = yield* select(selectCheckout);
  // Refused before the wallet was confirmed (a beat sold meanwhile, a new total): the sheet must close too.
  if (failureReason !== null || priceChangeNotice !== null) yield call([stripe.port, stripe.port.walletPaymentFailed]);
}

/**
 * Stripe's fields live while the payment form shows them: mounted for the cart's amount, their
 * events turned into actions, unmounted when the form hides them (or a new amount remounts them).
 */
function* mountStripeFields({ payload }: ReturnType<typeof stripeFieldShown>) {
  const stripe: { key: string; port: StripePort } | null = yield call(stripeInPage);
  if (!stripe) return;
  const options = { publishableKey: stripe.key, amountCents: payload.amountCents, cardElementId: STRIPE_CARD_ELEMENT_ID, walletElementId: STRIPE_WALLET_ELEMENT_ID };
  const channel: EventChannel<StripeFieldEvent> = eventChannel((emit) => stripe.port.mount(options, emit));
  try {
    while (true) {
      const { event }: { event?: StripeFieldEvent } = yield race({ event: take(channel), hidden: take(stripeFieldHidden.type) });
      if (!event) return;
      if (event.type === 'ready') yield put(stripeFieldReady());
      else if (event.type === 'failed') yield put(stripeFieldFailed(event.message));
      else yield put(stripeWalletConfirmed({ walletType: event.walletType, shippingAddress: event.shippingAddress, expectedTotal: payload.amountCents }));
    }
  } finally {
    channel.close();
  }
}

function* payByPaypal({ payload }: ReturnType<typeof paypalPaymentSubmitted>) {
  const coupon: string | null = yield call(acceptedCoupon);
  const body: CreateOrderBody = { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon, expectedTotal: payload.expectedTotal };
  yield call(placeOrder, { method: 'POST', path: '/ecommerce/orders', body });
}

/** A wallet payment request carries the shipping address the address popup asked for. */
function* payByWallet({ payload }: ReturnType<typeof addressSubmitted>) {
  const { walletType }: CheckoutState = yield* select(selectCheckout);
  const coupon: string | null = yield call(acceptedCoupon);
  const body: CreateOrderBody = { paymentMethod: 'wallet', paymentMethodWalletType: walletType, shippingAddress: payload.shippingAddress, coupon, expectedTotal: payload.expectedTotal };
  yield call(placeOrder, { method: 'POST', path: '/ecommerce/orders', body });
}

/**
 * Back from the provider's page. A cancelled PayPal approval cancels the order; otherwise GET
 * refresh-status tells how it went, and a PayPal order the buyer approved is captured.
 */
function* refreshReturnedOrder({ payload }: ReturnType<typeof orderReturned>) {
  const api = yield* fromContext('api');
  const id = encodeURIComponent(payload.orderId);
  try {
    let order: Order = yield call([api, api.request], payload.cancelled
      ? { method: 'POST', path: `/ecommerce/payments/paypal/${id}/cancel` }
      : { method: 'GET', path: `/ecommerce/orders/${id}/refresh-status` });
    assert(order, OrderSchema);
    if (order.paymentMethod === 'paypal' && order.status === 'requires_action') {
      order = yield call([api, api.request], { method: 'POST', path: `/ecommerce/payments/paypal/${id}/capture` });
      assert(order, OrderSchema);
    }
    yield call(settleOrder, order, true);
  } catch (error) {
    yield put(orderFailed({ reason: failureMessage(error), order: null, settled: refusedByServer(error) }));
  }
}

/** /cart?orderId={id}: the keys leave the address (a reload must not ask again) and the order is refreshed. */
function* noticeReturn() {
  const { pathname, search }: { pathname: string; search: string } = yield* select(selectLocation);
  const query = new URLSearchParams(search);
  const orderId = query.get(ORDER_RETURN_KEY);
  if (pathname !== '/cart' || !orderId) return;
  const cancelled = query.get(CANCELLED_RETURN_KEY) === 'true';
  yield put(
    navigationRequested({ pathname, search: withQuery(search, { [ORDER_RETURN_KEY]: null, [CANCELLED_RETURN_KEY]: null }), mode: 'replace' }),
  );
  yield put(orderReturned({ orderId, cancelled }));
}

/**
 * Back from a provider, the outcome's popup waits until the return key has left the address: a
 * popup opened sooner would start a navigation that cancels the one taking the key away, and the
 * key, left in the history entry, would ask for the order again on Back.
 */
function* afterReturnKeyLeft() {
  while (true) {
    const { search }: { search: string } = yield* select(selectLocation);
    if (!new URLSearchParams(search).has(ORDER_RETURN_KEY)) return;
    yield take(navigationArrived.type);
  }
}

/**
 * Which checkout popup is open lives in the `frame` list, kept by the popup sagas: the form, its
 * outcome and Try again take each other's place in one history entry; the address opens over the
 * form; closing drops the topmost. The slice keeps the order, so a payment in flight finishes
 * (and opens its outcome) even when its form was closed.
 */
function* checkoutFrames() {
  const replacing = (to: CheckoutPopup) => frameSwapped({ from: [...CHECKOUT_FRAMES], to });
  yield takeEvery(paymentFormOpened.type, function* () {
    yield put(replacing('payment'));
  });
  yield takeEvery(walletPaymentChosen.type, function* () {
    yield put(frameOpened('address'));
  });
  yield takeEvery(orderSucceeded.type, function* () {
    yield call(afterReturnKeyLeft);
    yield put(replacing('success'));
  });
  yield takeEvery(orderFailed.type, function* () {
    yield call(afterReturnKeyLeft);
    yield put(replacing('failed'));
  });
  yield takeEvery(checkoutPopupClosed.type, function* () {
    const open = yield* select(selectCheckoutPopup);
    if (open) yield put(frameClosed(open));
  });
}

/**
 * A download link pressed: a demo beat's master is rendered after the sale, so the link is asked
 * first (HEAD) and a 503 shows the server's reason by the link instead of a failed download in the
 * browser's bar. Anything else, the browser fetches the file (the server names it for the disk).
 */
function* downloadFile(action: ReturnType<typeof downloadRequested>): SagaIterator<void> {
  const { url } = action.payload;
  const downloads = yield* fromContext('downloads');
  let status: number | null = null;
  try {
    status = downloads ? yield call([downloads, downloads.status], url) : null;
  } catch {
    // The question failed (offline): the browser's own download says why.
  }
  if (status === 503) {
    yield put(downloadNotReady({ url, message: FILE_BEING_PREPARED }));
    return;
  }
  const history = yield* fromContext('history');
  history.leave?.(url);
}

export function* checkoutSagas() {
  yield takeEvery(downloadRequested.type, downloadFile);
  yield fork(checkoutFrames);
  yield takeLatest(checkoutRequested.type, startCheckout);
  // One payment at a time: a second press while an order call runs is ignored.
  const payments = [cardPaymentSubmitted.type, paypalPaymentSubmitted.type, addressSubmitted.type, stripeCardSubmitted.type, stripeWalletConfirmed.type];
  yield takeLeading(payments, function* (action: { type: string }) {
    if (cardPaymentSubmitted.match(action)) yield call(payByCard, action.payload.paymentMethodId, action.payload.expectedTotal);
    else if (addressSubmitted.match(action)) yield call(payByWallet, action);
    else if (stripeCardSubmitted.match(action)) yield call(payByStripeCard, action);
    else if (stripeWalletConfirmed.match(action)) yield call(payByStripeWallet, action);
    else if (paypalPaymentSubmitted.match(action)) yield call(payByPaypal, action);
  });
  yield takeLatest(stripeFieldShown.type, mountStripeFields);
  yield takeLatest(orderReturned.type, refreshReturnedOrder);
  yield takeLatest(navigationArrived.type, noticeReturn);
  yield call(noticeReturn);
}
