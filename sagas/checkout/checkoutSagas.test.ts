import { ApiError } from '../../shared/api/apiClient';
import authSlice, { userRefreshed } from '../../shared/features/auth/authSlice';
import cartSlice, { cartLoaded } from '../../shared/features/cart/cartSlice';
import checkoutSlice, {
  addressSubmitted,
  cardPaymentSubmitted,
  checkoutRequested,
  orderReturned,
  paymentFormOpened,
  paypalPaymentSubmitted,
  walletPaymentChosen,
} from '../../shared/features/checkout/checkoutSlice';
import navigationSlice, { navigationArrived } from '../../shared/features/navigation/navigationSlice';
import type { ShippingAddress } from '../../shared/schemas/order';
import { aCart, aCartItem, anOrder } from '../../test/helpers/cartFixtures';
import { aUser } from '../../test/helpers/fixtures';
import { sagaHarness } from '../../test/helpers/sagaHarness';
import { popupOpened } from '../auth/popupActions';
import { checkoutSagas, NOT_COMPLETED } from './checkoutSagas';

const member = authSlice.reducer(undefined, userRefreshed(aUser()));
const withCoupon = cartSlice.reducer(
  undefined,
  cartLoaded(aCart([aCartItem()], { discount: 19.9, coupon: { code: 'nova10', percentage: 10, producerId: 7 } })),
);
const at = (pathname: string, search = '') =>
  navigationSlice.reducer(undefined, navigationArrived({ pathname, search, routeName: 'cart', params: {}, error: null }));
const onCart = { auth: member, cart: withCoupon, navigation: at('/cart') };
const address: ShippingAddress = { fullName: 'Ada Lovelace', line1: '1 Main St', city: 'Berlin', postalCode: '10115', country: 'Germany' };

describe('checkout sagas', () => {
  test('a guest pressing Checkout gets the login popup; a member the payment form', async () => {
    await sagaHarness(checkoutSagas, { state: { navigation: at('/cart') }, answer: () => null })
      .test.dispatch(checkoutRequested())
      .put(popupOpened('login'))
      .silentRun(30);
    const signedIn = sagaHarness(checkoutSagas, { state: onCart, answer: () => null });
    await signedIn.test.dispatch(checkoutRequested()).put(paymentFormOpened()).silentRun(30);
    expect(signedIn.reduced.at(-1)!.state.checkout.popup).toBe('paymentForm');
  });

  test('the sandbox Visa card pays: the order call carries the test id, the coupon and the tracking header; success shows the downloads', async () => {
    const paid = anOrder();
    const { test, calls, reduced } = sagaHarness(checkoutSagas, { state: onCart, answer: () => paid, trackingId: 'tab-7' });
    await test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa' })).silentRun(30);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/ecommerce/orders/stripe',
        body: { stripePaymentMethodId: 'pm_card_visa', coupon: 'nova10' },
        headers: { 'X-Tracking-Id': 'tab-7' },
      },
    ]);
    expect(reduced.at(-1)!.state.checkout).toMatchObject({ popup: 'success', order: paid, status: 'idle' });
    expect(reduced.map((entry) => entry.action.type)).toContain('cart/cartReloadRequested');
  });

  test('a declined card shows the failed popup with the reason', async () => {
    const declined = anOrder({ status: 'failed', failureReason: 'Your card was declined.', downloads: [] });
    const { test, reduced } = sagaHarness(checkoutSagas, { state: onCart, answer: () => declined });
    await test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_chargeDeclined' })).silentRun(30);
    expect(reduced.at(-1)!.state.checkout).toMatchObject({ popup: 'failed', failureReason: 'Your card was declined.' });
  });

  test('a refused order call (e.g. a beat sold meanwhile) shows the server message in the failed popup', async () => {
    const { test, reduced } = sagaHarness(checkoutSagas, {
      state: onCart,
      answer: () => Promise.reject(new ApiError('Night Drive has been sold to another buyer', 409)),
    });
    await test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa' })).silentRun(30);
    expect(reduced.at(-1)!.state.checkout).toMatchObject({ popup: 'failed', failureReason: 'Night Drive has been sold to another buyer' });
  });

  test('3-D Secure: the browser follows nextActionUrl; back on /cart?order= the status is refreshed and the downloads shown', async () => {
    const pending = anOrder({ status: 'requires_action', nextActionUrl: '/sandbox/3ds/ord_1', downloads: [] });
    const leaving = sagaHarness(checkoutSagas, { state: onCart, answer: () => pending });
    await leaving.test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_threeDSecure2Required' })).silentRun(30);
    expect(leaving.history).toEqual(['leave /sandbox/3ds/ord_1']);
    expect(leaving.reduced.at(-1)!.state.checkout.status).toBe('redirecting');

    const back = sagaHarness(checkoutSagas, {
      state: { ...onCart, navigation: at('/cart', '?order=ord_1&x=1') },
      answer: () => anOrder(),
    });
    await back.test.silentRun(30);
    expect(back.calls).toEqual([{ method: 'GET', path: '/ecommerce/orders/ord_1/refresh-status' }]);
    expect(back.reduced.map((entry) => entry.action)).toContainEqual(
      expect.objectContaining({ type: 'navigation/navigationRequested', payload: { pathname: '/cart', search: '?x=1', mode: 'replace' } }),
    );
    expect(back.reduced.at(-1)!.state.checkout).toMatchObject({ popup: 'success' });
  });

  test('back from the provider without completing the step shows it as not completed', async () => {
    const { test, reduced, history } = sagaHarness(checkoutSagas, {
      state: onCart,
      answer: () => anOrder({ status: 'requires_action', nextActionUrl: '/sandbox/3ds/ord_1', downloads: [] }),
    });
    await test.dispatch(orderReturned({ orderId: 'ord_1', paypal: null })).silentRun(30);
    expect(history).toEqual([]);
    expect(reduced.at(-1)!.state.checkout).toMatchObject({ popup: 'failed', failureReason: NOT_COMPLETED });
  });

  test('PayPal creates the order and goes to the approval page', async () => {
    const approval = anOrder({ status: 'pending', paymentMethod: 'paypal', nextActionUrl: '/sandbox/paypal/ord_2', downloads: [] });
    const { test, calls, history } = sagaHarness(checkoutSagas, { state: onCart, answer: () => approval, trackingId: 'tab-7' });
    await test.dispatch(paypalPaymentSubmitted()).silentRun(30);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/ecommerce/orders',
        body: { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: 'nova10' },
        headers: { 'X-Tracking-Id': 'tab-7' },
      },
    ]);
    expect(history).toEqual(['leave /sandbox/paypal/ord_2']);
  });

  test('back from PayPal: an approval is captured, a cancel cancelled', async () => {
    const approved = sagaHarness(checkoutSagas, { state: { ...onCart, navigation: at('/cart', '?order=ord_2&paypal=approved') }, answer: () => anOrder() });
    await approved.test.silentRun(30);
    expect(approved.calls).toEqual([{ method: 'POST', path: '/ecommerce/payments/paypal/ord_2/capture' }]);
    expect(approved.reduced.at(-1)!.state.checkout.popup).toBe('success');

    const cancelled = sagaHarness(checkoutSagas, {
      state: onCart,
      answer: () => anOrder({ status: 'cancelled', failureReason: 'The PayPal payment was cancelled.', downloads: [] }),
    });
    await cancelled.test.dispatch(orderReturned({ orderId: 'ord_2', paypal: 'cancelled' })).silentRun(30);
    expect(cancelled.calls).toEqual([{ method: 'POST', path: '/ecommerce/payments/paypal/ord_2/cancel' }]);
    expect(cancelled.reduced.at(-1)!.state.checkout).toMatchObject({ popup: 'failed', failureReason: 'The PayPal payment was cancelled.' });
  });

  test('a wallet payment asks for the address, then sends it with the wallet type', async () => {
    const { test, calls, stateAfter } = sagaHarness(checkoutSagas, { state: onCart, answer: () => anOrder({ paymentMethod: 'wallet' }) });
    await test.dispatch(walletPaymentChosen('google_pay')).dispatch(addressSubmitted(address)).silentRun(30);
    expect(stateAfter(walletPaymentChosen.type)!.checkout.popup).toBe('address');
    expect(calls[0]!.body).toEqual({ paymentMethod: 'wallet', paymentMethodWalletType: 'google_pay', shippingAddress: address, coupon: 'nova10' });
  });

  test('a second press while the order call runs sends nothing more', async () => {
    const { test, calls } = sagaHarness(checkoutSagas, { state: onCart, answer: () => new Promise(() => undefined) });
    await test
      .dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa' }))
      .dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa' }))
      .silentRun(30);
    expect(calls).toHaveLength(1);
  });

  test('a route path change closes the checkout popups; a query change does not', () => {
    const open = [navigationArrived({ pathname: '/cart', search: '', routeName: 'cart', params: {}, error: null }), paymentFormOpened()].reduce(
      checkoutSlice.reducer,
      checkoutSlice.reducer(undefined, { type: 'init' }),
    );
    const sameRoute = checkoutSlice.reducer(open, navigationArrived({ pathname: '/cart', search: '?login=true', routeName: 'cart', params: {}, error: null }));
    expect(sameRoute.popup).toBe('paymentForm');
    const elsewhere = checkoutSlice.reducer(open, navigationArrived({ pathname: '/beats', search: '', routeName: 'beats', params: {}, error: null }));
    expect(elsewhere.popup).toBeNull();
  });
});
