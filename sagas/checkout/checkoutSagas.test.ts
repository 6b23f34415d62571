import type { UnknownAction } from '@reduxjs/toolkit';
import { ApiError } from '../../shared/api/apiClient';
import authSlice, { userRefreshed } from '../../shared/features/auth/authSlice';
import cartSlice, { cartLoaded } from '../../shared/features/cart/cartSlice';
import checkoutSlice, {
  addressSubmitted,
  cardPaymentSubmitted,
  checkoutPopupClosed,
  checkoutRequested,
  orderReturned,
  orderSucceeded,
  paymentFormOpened,
  paypalPaymentSubmitted,
  selectCheckoutPopup,
  walletPaymentChosen,
} from '../../shared/features/checkout/checkoutSlice';
import navigationSlice, { navigationArrived } from '../../shared/features/navigation/navigationSlice';
import type { ShippingAddress } from '../../shared/schemas/order';
import { aCart, aCartItem, anOrder } from '../../test/helpers/cartFixtures';
import { aUser } from '../../test/helpers/fixtures';
import { runUntilIdle, sagaHarness } from '../../test/helpers/sagaHarness';
import { frameClosed, frameOpened, frameSwapped, popupOpened } from '../auth/popupActions';
import { redactAction } from '../../shared/actionLog/redact';
import { toCents } from '../../shared/domain/money';
import { ANSWER_LOST, checkoutSagas, NOT_COMPLETED } from './checkoutSagas';

const ATTEMPT_KEY = /^pay-[0-9a-f]{32}$/;

const member = authSlice.reducer(undefined, userRefreshed(aUser()));
const withCoupon = cartSlice.reducer(
  undefined,
  cartLoaded(aCart([aCartItem()], { discount: 19.9, coupon: { code: 'nova10', percentage: 10, producerId: 7 } })),
);
/** The navigation saga is not part of these runs: a test dispatches the arrival a navigation would. */
const arrivedAt = (pathname: string, search = '') => navigationArrived({ pathname, search, routeName: 'cart', params: {}, error: null });
const at = (pathname: string, search = '') => navigationSlice.reducer(undefined, arrivedAt(pathname, search));
const onCart = { auth: member, cart: withCoupon, navigation: at('/cart') };
/** The total the payment form's button showed, in cents, as the popup sends it. */
const SHOWN = toCents(withCoupon.total);
const address: ShippingAddress = { fullName: 'Ada Lovelace', line1: '1 Main St', city: 'Berlin', postalCode: '10115', country: 'Germany' };

/** The checkout popup the sagas last asked the popup sagas (keepers of the `frame` list) to show. */
const shownFrame = (reduced: { action: UnknownAction }[]) =>
  reduced
    .map(({ action }) => (frameSwapped.match(action) ? action.payload.to : frameOpened.match(action) ? action.payload : null))
    .filter((name) => name !== null)
    .at(-1) ?? null;

describe('checkout sagas', () => {
  test('a guest pressing Checkout gets the login popup; a member the payment form', async () => {
    await runUntilIdle(
      sagaHarness(checkoutSagas, { state: { navigation: at('/cart') }, answer: () => null })
        .test.dispatch(checkoutRequested())
        .put(popupOpened('login')),
    );
    const signedIn = sagaHarness(checkoutSagas, { state: onCart, answer: () => null });
    await runUntilIdle(signedIn.test.dispatch(checkoutRequested()).put(paymentFormOpened()));
    expect(shownFrame(signedIn.reduced)).toBe('payment');
  });

  test('the sandbox Visa card pays: the order call carries the test id, the coupon and the tracking header; success shows the downloads', async () => {
    const paid = anOrder();
    const { test, calls, reduced } = sagaHarness(checkoutSagas, { state: onCart, answer: () => paid, trackingId: 'tab-7' });
    await runUntilIdle(test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN })));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/ecommerce/orders/stripe',
        body: { stripePaymentMethodId: 'pm_card_visa', coupon: 'nova10', expectedTotal: SHOWN },
        headers: { 'X-Tracking-Id': 'tab-7', 'Idempotency-Key': expect.stringMatching(ATTEMPT_KEY) },
      },
    ]);
    expect(reduced.at(-1)!.state.checkout).toMatchObject({ order: paid, status: 'idle' });
    expect(shownFrame(reduced)).toBe('success');
    expect(reduced.map((entry) => entry.action.type)).toContain('cart/cartReloadRequested');
  });

  test('a declined card shows the failed popup with the reason', async () => {
    const declined = anOrder({ status: 'failed', failureReason: 'Your card was declined.', downloads: [] });
    const { test, reduced } = sagaHarness(checkoutSagas, { state: onCart, answer: () => declined });
    await runUntilIdle(test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_chargeDeclined', expectedTotal: SHOWN })));
    expect(reduced.at(-1)!.state.checkout).toMatchObject({ failureReason: 'Your card was declined.' });
    expect(shownFrame(reduced)).toBe('failed');
  });

  test('a refused order call (e.g. a beat sold meanwhile) shows the server message in the failed popup', async () => {
    const { test, reduced } = sagaHarness(checkoutSagas, {
      state: onCart,
      answer: () => Promise.reject(new ApiError('Night Drive has been sold to another buyer', 409)),
    });
    await runUntilIdle(test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN })));
    expect(reduced.at(-1)!.state.checkout).toMatchObject({ failureReason: 'Night Drive has been sold to another buyer' });
    expect(shownFrame(reduced)).toBe('failed');
  });

  test('a total changed since it was shown (the coupon expired): the new cart replaces the old, the form stays with the server words, the next press pays the new total without the coupon', async () => {
    const now = aCart([aCartItem()], { couponError: 'Coupon nova10 has expired' });
    const changed = { statusCode: 409, message: 'Coupon nova10 has expired: the total is now $209.95. …', expectedTotal: toCents(now.total), cart: now };
    const { test, reduced } = sagaHarness(checkoutSagas, {
      state: { ...onCart, navigation: at('/cart', '?frame=payment') },
      answer: () => Promise.reject(new ApiError(changed.message, 409, {}, changed)),
    });
    await runUntilIdle(test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN })));
    const after = reduced.at(-1)!.state;
    expect(after.cart).toMatchObject({ total: now.total, coupon: null, couponError: 'Coupon nova10 has expired' });
    expect(after.checkout).toMatchObject({ status: 'idle', attempt: null, failureReason: null, priceChangeNotice: changed.message });
    expect(shownFrame(reduced)).toBeNull();

    const again = sagaHarness(checkoutSagas, { state: { ...onCart, cart: after.cart, checkout: after.checkout }, answer: () => anOrder() });
    await runUntilIdle(again.test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: changed.expectedTotal })));
    expect(again.calls[0]!.body).toEqual({ stripePaymentMethodId: 'pm_card_visa', coupon: null, expectedTotal: changed.expectedTotal });
    expect(again.reduced.at(-1)!.state.checkout.priceChangeNotice).toBeNull();
    expect(shownFrame(again.reduced)).toBe('success');
  });

  test('3-D Secure: the browser follows nextActionUrl; back on /cart?orderId= the status is refreshed and the downloads shown', async () => {
    const pending = anOrder({ status: 'requires_action', nextActionUrl: '/sandbox/3ds/ord_1', downloads: [] });
    const leaving = sagaHarness(checkoutSagas, { state: onCart, answer: () => pending });
    await runUntilIdle(leaving.test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_threeDSecure2Required', expectedTotal: SHOWN })));
    expect(leaving.history).toEqual(['leave /sandbox/3ds/ord_1']);
    expect(leaving.reduced.at(-1)!.state.checkout.status).toBe('redirecting');

    const back = sagaHarness(checkoutSagas, {
      state: { ...onCart, navigation: at('/cart', '?orderId=ord_1&x=1') },
      answer: () => anOrder(),
    });
    await runUntilIdle(back.test, arrivedAt('/cart', '?x=1'));
    expect(back.calls).toEqual([{ method: 'GET', path: '/ecommerce/orders/ord_1/refresh-status' }]);
    expect(back.reduced.map((entry) => entry.action)).toContainEqual(
      expect.objectContaining({ type: 'navigation/navigationRequested', payload: { pathname: '/cart', search: '?x=1', mode: 'replace' } }),
    );
    expect(shownFrame(back.reduced)).toBe('success');
  });

  test('back from the provider, the outcome popup waits until the return key has left the address', async () => {
    const { test, reduced } = sagaHarness(checkoutSagas, { state: { ...onCart, navigation: at('/cart', '?orderId=ord_1') }, answer: () => anOrder() });
    await runUntilIdle(test);
    expect(reduced.map(({ action }) => action.type)).toContain(orderSucceeded.type);
    expect(shownFrame(reduced)).toBeNull();
    const arrived = sagaHarness(checkoutSagas, { state: { ...onCart, navigation: at('/cart', '?orderId=ord_1') }, answer: () => anOrder() });
    await runUntilIdle(arrived.test, arrivedAt('/cart'));
    expect(shownFrame(arrived.reduced)).toBe('success');
  });

  test('back from the provider without completing the step shows it as not completed', async () => {
    const { test, reduced, history } = sagaHarness(checkoutSagas, {
      state: onCart,
      answer: () => anOrder({ status: 'requires_action', nextActionUrl: '/sandbox/3ds/ord_1', downloads: [] }),
    });
    await runUntilIdle(test.dispatch(orderReturned({ orderId: 'ord_1', cancelled: false })));
    expect(history).toEqual([]);
    expect(reduced.at(-1)!.state.checkout).toMatchObject({ failureReason: NOT_COMPLETED });
    expect(shownFrame(reduced)).toBe('failed');
  });

  test('PayPal creates the order and goes to the approval page', async () => {
    const approval = anOrder({ status: 'pending', paymentMethod: 'paypal', nextActionUrl: '/sandbox/paypal/ord_2', downloads: [] });
    const { test, calls, history } = sagaHarness(checkoutSagas, { state: onCart, answer: () => approval, trackingId: 'tab-7' });
    await runUntilIdle(test.dispatch(paypalPaymentSubmitted({ expectedTotal: SHOWN })));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/ecommerce/orders',
        body: { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: 'nova10', expectedTotal: SHOWN },
        headers: { 'X-Tracking-Id': 'tab-7', 'Idempotency-Key': expect.stringMatching(ATTEMPT_KEY) },
      },
    ]);
    expect(history).toEqual(['leave /sandbox/paypal/ord_2']);
  });

  test('back from PayPal: an approved order is captured; a cancelled approval cancels the order', async () => {
    const approved = sagaHarness(checkoutSagas, {
      state: { ...onCart, navigation: at('/cart', '?orderId=ord_2') },
      answer: (request) =>
        request.method === 'GET'
          ? anOrder({ id: 'ord_2', paymentMethod: 'paypal', status: 'requires_action', nextActionUrl: '/sandbox-pay/x', downloads: [] })
          : anOrder({ id: 'ord_2', paymentMethod: 'paypal' }),
    });
    await runUntilIdle(approved.test, arrivedAt('/cart'));
    expect(approved.calls).toEqual([
      { method: 'GET', path: '/ecommerce/orders/ord_2/refresh-status' },
      { method: 'POST', path: '/ecommerce/payments/paypal/ord_2/capture' },
    ]);
    expect(approved.history).toEqual([]);
    expect(shownFrame(approved.reduced)).toBe('success');

    const cancelled = sagaHarness(checkoutSagas, {
      state: { ...onCart, navigation: at('/cart', '?orderId=ord_3&cancelled=true') },
      answer: () => anOrder({ id: 'ord_3', paymentMethod: 'paypal', status: 'cancelled', downloads: [] }),
    });
    await runUntilIdle(cancelled.test, arrivedAt('/cart'));
    expect(cancelled.calls).toEqual([{ method: 'POST', path: '/ecommerce/payments/paypal/ord_3/cancel' }]);
    expect(cancelled.reduced.at(-1)!.state.checkout).toMatchObject({ failureReason: 'The PayPal payment was cancelled.' });
    expect(shownFrame(cancelled.reduced)).toBe('failed');
  });

  test('a wallet payment asks for the address, then sends it with the wallet type', async () => {
    const { test, calls, reduced } = sagaHarness(checkoutSagas, { state: onCart, answer: () => anOrder({ paymentMethod: 'wallet' }) });
    await runUntilIdle(test.dispatch(walletPaymentChosen('google_pay')).dispatch(addressSubmitted({ shippingAddress: address, expectedTotal: SHOWN })));
    // The address opens over the payment form, so Back returns to the form.
    expect(reduced.map(({ action }) => action)).toContainEqual(frameOpened('address'));
    expect(calls[0]!.body).toEqual({ paymentMethod: 'wallet', paymentMethodWalletType: 'google_pay', shippingAddress: address, coupon: 'nova10', expectedTotal: SHOWN });
  });

  describe('the Idempotency-Key of a payment attempt', () => {
    const keyOf = (request: { headers?: Record<string, string> }) => request.headers?.['Idempotency-Key'];
    const networkError = () => Promise.reject(new TypeError('Failed to fetch'));

    test('an answer lost to the network: the buyer is told, and Try again sends the same key; the next payment after the outcome a new one', async () => {
      const answers = [networkError, () => anOrder(), () => anOrder()];
      const { test, calls, reduced } = sagaHarness(checkoutSagas, { state: onCart, answer: () => answers.shift()!() });
      const pay = cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN });
      await runUntilIdle(test.dispatch(pay));
      expect(reduced.at(-1)!.state.checkout).toMatchObject({ failureReason: ANSWER_LOST });
      const retry = sagaHarness(checkoutSagas, { state: { ...onCart, checkout: reduced.at(-1)!.state.checkout }, answer: () => answers.shift()!() });
      await runUntilIdle(retry.test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN })));
      expect(keyOf(retry.calls[0]!)).toBe(keyOf(calls[0]!));
      expect(keyOf(calls[0]!)).toBe(pay.payload.attemptKey);
      const next = sagaHarness(checkoutSagas, { state: { ...onCart, checkout: retry.reduced.at(-1)!.state.checkout }, answer: () => answers.shift()!() });
      await runUntilIdle(next.test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN })));
      expect(keyOf(next.calls[0]!)).toMatch(ATTEMPT_KEY);
      expect(keyOf(next.calls[0]!)).not.toBe(keyOf(calls[0]!));
    });

    test.each([
      ['a 5xx keeps the attempt', () => Promise.reject(new ApiError('The payment provider could not be reached; please try again', 502)), true],
      ['an order still waiting for the provider keeps it', () => anOrder({ status: 'pending', downloads: [], failureReason: 'The payment provider did not answer in time' }), true],
      ['a refusal (409) ends it', () => Promise.reject(new ApiError('Night Drive is not available anymore', 409)), false],
      ['a failed order ends it', () => anOrder({ status: 'failed', failureReason: 'Your card was declined.', downloads: [] }), false],
    ])('%s', async (_title, first, sameKey) => {
      const { test, calls, reduced } = sagaHarness(checkoutSagas, { state: onCart, answer: first });
      await runUntilIdle(test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN })));
      const retry = sagaHarness(checkoutSagas, { state: { ...onCart, checkout: reduced.at(-1)!.state.checkout }, answer: () => anOrder() });
      await runUntilIdle(retry.test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN })));
      expect(keyOf(retry.calls[0]!) === keyOf(calls[0]!)).toBe(sameKey);
    });

    test.each([
      ['PayPal', paypalPaymentSubmitted({ expectedTotal: SHOWN })],
      ['another card', cardPaymentSubmitted({ paymentMethodId: 'pm_card_threeDSecure2Required', expectedTotal: SHOWN })],
    ])('choosing %s after a lost answer is a new attempt', async (_choice, next) => {
      const { test, calls, reduced } = sagaHarness(checkoutSagas, { state: onCart, answer: networkError });
      await runUntilIdle(test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN })));
      const other = sagaHarness(checkoutSagas, { state: { ...onCart, checkout: reduced.at(-1)!.state.checkout }, answer: () => anOrder() });
      await runUntilIdle(other.test.dispatch(next));
      expect(keyOf(other.calls[0]!)).toMatch(ATTEMPT_KEY);
      expect(keyOf(other.calls[0]!)).not.toBe(keyOf(calls[0]!));
    });

    test('the key travels in the recorded action, so a replayed log reaches the same state', async () => {
      const { test, reduced } = sagaHarness(checkoutSagas, { state: onCart, answer: networkError });
      await runUntilIdle(test.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN })));
      const live = reduced.at(-1)!.state.checkout;
      const replayed = reduced.map(({ action }) => action).reduce(checkoutSlice.reducer, checkoutSlice.reducer(undefined, { type: 'init' }));
      expect(replayed.attempt).toEqual(live.attempt);
      expect(redactAction(reduced.find(({ action }) => cardPaymentSubmitted.match(action))!.action)).toMatchObject({ payload: { attemptKey: live.attempt!.key } });
    });
  });

  test('a second press while the order call runs sends nothing more', async () => {
    const { test, calls } = sagaHarness(checkoutSagas, { state: onCart, answer: () => new Promise(() => undefined) });
    await runUntilIdle(
      test
        .dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN }))
        .dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN })),
    );
    expect(calls).toHaveLength(1);
  });

  test('the open checkout popup is the latest checkout entry of the frame list; leaving the page forgets the chosen wallet', () => {
    expect(selectCheckoutPopup({ navigation: at('/cart', '?frame=login') })).toBeNull();
    expect(selectCheckoutPopup({ navigation: at('/cart', '?frame=payment') })).toBe('payment');
    expect(selectCheckoutPopup({ navigation: at('/cart', '?frame=payment,address,login') })).toBe('address');
    const chosen = [navigationArrived({ pathname: '/cart', search: '?frame=payment', routeName: 'cart', params: {}, error: null }), walletPaymentChosen('apple_pay')].reduce(
      checkoutSlice.reducer,
      checkoutSlice.reducer(undefined, { type: 'init' }),
    );
    const sameRoute = checkoutSlice.reducer(chosen, navigationArrived({ pathname: '/cart', search: '?frame=payment,address', routeName: 'cart', params: {}, error: null }));
    expect(sameRoute.walletType).toBe('apple_pay');
    const elsewhere = checkoutSlice.reducer(chosen, navigationArrived({ pathname: '/beats', search: '', routeName: 'beats', params: {}, error: null }));
    expect(elsewhere.walletType).toBeNull();
  });

  test('closing drops the topmost checkout frame; a payment in flight still ends in its outcome', async () => {
    let pay: (order: unknown) => void = () => undefined;
    let asked: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    const { test, reduced } = sagaHarness(checkoutSagas, {
      state: { ...onCart, navigation: at('/cart', '?frame=payment') },
      answer: () => {
        asked();
        return new Promise((resolve) => (pay = resolve));
      },
    });
    const paid = anOrder();
    const run = runUntilIdle(
      test
        .dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: SHOWN }))
        .dispatch(checkoutPopupClosed())
        .put(frameClosed('payment')),
    );
    // The order call is in flight (the form closes around it): only now does it get its answer.
    await requested;
    pay(paid);
    await run;
    expect(reduced.at(-1)!.state.checkout).toMatchObject({ order: paid, status: 'idle' });
    expect(reduced.map(({ action }) => action).filter((action) => frameSwapped.match(action))).toEqual([
      frameSwapped({ from: ['payment', 'address', 'success', 'failed'], to: 'success' }),
    ]);
  });

  test('the action log never holds the shipping address, a download token or a wallet secret', () => {
    expect(JSON.stringify(redactAction(addressSubmitted({ shippingAddress: address, expectedTotal: SHOWN })))).not.toMatch(/Ada|Main St|Berlin|10115/);
    const paid = anOrder({ clientSecret: 'sbx_1_secret_sandbox', downloads: [{ ...anOrder().downloads[0]!, url: 'http://shop.test/api/v1/downloads/t0k3n' }] });
    expect(JSON.stringify(redactAction(orderSucceeded(paid)))).not.toMatch(/t0k3n|sbx_1_secret/);
  });
});
