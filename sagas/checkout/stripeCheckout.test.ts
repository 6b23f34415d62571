import { ApiError, type ApiClient, type ApiRequest } from '../../shared/api/apiClient';
import { STRIPE_CARD_ELEMENT_ID, STRIPE_WALLET_ELEMENT_ID } from '../../shared/api/stripePort';
import { userRefreshed } from '../../shared/features/auth/authSlice';
import { cartLoaded } from '../../shared/features/cart/cartSlice';
import {
  cardPaymentSubmitted,
  paymentFormOpened,
  selectCheckoutPopup,
  stripeCardSubmitted,
  stripeFieldHidden,
  stripeFieldShown,
} from '../../shared/features/checkout/checkoutSlice';
import { DEFAULT_FEATURES } from '../../shared/features/config/configSlice';
import { navigationArrived } from '../../shared/features/navigation/navigationSlice';
import type { ShippingAddress } from '../../shared/schemas/order';
import { makeStore } from '../../shared/store/makeStore';
import type { RootState } from '../../shared/store/rootReducer';
import { aCart, aCartItem, anOrder } from '../../test/helpers/cartFixtures';
import { FakeStripePort } from '../../test/helpers/fakeStripePort';
import { aUser } from '../../test/helpers/fixtures';
import { storeUntil } from '../../test/helpers/storeUntil';
import { popupSagas } from '../auth/popupSagas';
import { watchNavigation } from '../navigation/navigationSaga';
import { checkoutSagas } from './checkoutSagas';

const KEY = 'pk_test_storefront';
const address: ShippingAddress = { fullName: 'Ada Lovelace', line1: '1 Main St', city: 'Berlin', postalCode: '10115', country: 'Germany' };

/** The real store and checkout sagas; the API answered by `answer`, Stripe.js by the fake port. */
function checkoutWithStripe(answer: (request: ApiRequest) => unknown, options: { publishableKey?: string } = { publishableKey: KEY }) {
  const calls: ApiRequest[] = [];
  const left: string[] = [];
  const stripe = new FakeStripePort();
  const api: ApiClient = {
    async request<T>(request: ApiRequest) {
      calls.push(request);
      const reply = answer(request);
      if (reply instanceof ApiError) throw reply;
      return reply as T;
    },
  };
  const config = { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES, ...(options.publishableKey ? { stripePublishableKey: options.publishableKey } : {}) };
  const store = makeStore(
    { config },
    { sagaContext: { api, history: { push: () => undefined, replace: () => undefined, leave: (url) => left.push(url) }, now: () => new Date(0), stripe } },
  );
  store.dispatch(userRefreshed(aUser()));
  store.dispatch(cartLoaded(aCart([aCartItem()], { total: 24.99 })));
  store.dispatch(navigationArrived({ pathname: '/cart', search: '', routeName: 'cart', params: {}, error: null }));
  for (const saga of [watchNavigation, popupSagas, checkoutSagas]) store.runSaga(saga);
  store.dispatch(paymentFormOpened());
  return { store, stripe, calls, left, checkout: () => ({ ...store.getState().checkout, popup: selectCheckoutPopup(store.getState()) }) };
}

/** The payment's outcome popup (paid or failed) has taken the form's place. */
const outcomeShown = (state: RootState) => ['success', 'failed'].includes(selectCheckoutPopup(state) ?? '');
const paths = (calls: ApiRequest[]) => calls.map((request) => `${request.method} ${request.path}`);

describe('checkout with Stripe.js (publishable key configured)', () => {
  test("the payment form mounts Stripe's fields for the cart's amount and unmounts them when hidden", async () => {
    const { store, stripe, checkout } = checkoutWithStripe(() => null);
    store.dispatch(stripeFieldShown({ amountCents: 2499 }));
    expect(stripe.mounted).toEqual({ publishableKey: KEY, amountCents: 2499, cardElementId: STRIPE_CARD_ELEMENT_ID, walletElementId: STRIPE_WALLET_ELEMENT_ID });
    expect(checkout().stripeField).toBe('loading');
    stripe.emit({ type: 'ready' });
    expect(checkout().stripeField).toBe('ready');
    // A new amount remounts; hiding the form unmounts.
    store.dispatch(stripeFieldShown({ amountCents: 3000 }));
    store.dispatch(stripeFieldHidden());
    expect(stripe.calls).toEqual(['mount 2499', 'unmount', 'mount 3000', 'unmount']);
    expect(checkout().stripeField).toBe('off');
  });

  test('Stripe.js failing to load says so on the form', async () => {
    const { store, stripe, checkout } = checkoutWithStripe(() => null);
    store.dispatch(stripeFieldShown({ amountCents: 2499 }));
    stripe.emit({ type: 'failed', message: 'The secure payment form could not be loaded.' });
    expect(checkout()).toMatchObject({ stripeField: 'failed', failureReason: 'The secure payment form could not be loaded.', popup: 'payment' });
  });

  test('a card: the PaymentMethod is made in the browser and only its id goes to POST /ecommerce/orders/stripe', async () => {
    const paid = anOrder();
    const { store, stripe, calls, checkout } = checkoutWithStripe(() => paid);
    store.dispatch(stripeFieldShown({ amountCents: 2499 }));
    store.dispatch(stripeCardSubmitted({ expectedTotal: 2499 }));
    await storeUntil(store, outcomeShown);
    expect(stripe.calls).toEqual(['mount 2499', 'createCardPaymentMethod']);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/ecommerce/orders/stripe', body: { stripePaymentMethodId: 'pm_1FakeCardFromStripeJs', coupon: null, expectedTotal: 2499 } });
    expect(checkout()).toMatchObject({ popup: 'success', order: paid, status: 'idle' });
  });

  test("a card Stripe's field refuses (incomplete) keeps the form open with Stripe's words and calls no API", async () => {
    const { store, stripe, calls, checkout } = checkoutWithStripe(() => anOrder());
    stripe.cardResult = { error: 'Your card number is incomplete.' };
    store.dispatch(stripeCardSubmitted({ expectedTotal: 2499 }));
    await storeUntil(store, (state) => state.checkout.failureReason !== null);
    expect(calls).toEqual([]);
    expect(checkout()).toMatchObject({ popup: 'payment', status: 'idle', failureReason: 'Your card number is incomplete.' });
  });

  test('3-D Secure runs in Stripe’s dialog (handleNextAction), then refresh-status shows the downloads', async () => {
    const waiting = anOrder({ id: 'ord_3ds', status: 'requires_action', nextActionUrl: 'https://hooks.stripe.com/3d_secure', clientSecret: 'pi_1_secret_2', downloads: [] });
    const paid = anOrder({ id: 'ord_3ds' });
    const { store, stripe, calls, left, checkout } = checkoutWithStripe((request) => (request.method === 'POST' ? waiting : paid));
    store.dispatch(stripeCardSubmitted({ expectedTotal: 2499 }));
    await storeUntil(store, outcomeShown);
    expect(stripe.calls).toEqual(['createCardPaymentMethod', 'handleNextAction pi_1_secret_2']);
    expect(paths(calls)).toEqual(['POST /ecommerce/orders/stripe', 'GET /ecommerce/orders/ord_3ds/refresh-status']);
    expect(left).toEqual([]);
    expect(checkout()).toMatchObject({ popup: 'success', order: paid });
  });

  test('3-D Secure failed in Stripe’s dialog: the waiting order is cancelled and the failed popup gives Stripe’s reason', async () => {
    const waiting = anOrder({ id: 'ord_x', status: 'requires_action', clientSecret: 'pi_2_secret_3', downloads: [] });
    const cancelled = anOrder({ id: 'ord_x', status: 'cancelled', downloads: [] });
    const { store, stripe, calls, checkout } = checkoutWithStripe((request) =>
      request.path.endsWith('/cancel') ? cancelled : waiting,
    );
    stripe.nextActionResult = { error: 'We are unable to authenticate your payment method.' };
    store.dispatch(stripeCardSubmitted({ expectedTotal: 2499 }));
    await storeUntil(store, outcomeShown);
    expect(paths(calls)).toEqual(['POST /ecommerce/orders/stripe', 'GET /ecommerce/orders/ord_x/refresh-status', 'POST /ecommerce/orders/ord_x/cancel']);
    expect(checkout()).toMatchObject({ popup: 'failed', failureReason: 'We are unable to authenticate your payment method.', order: cancelled });
  });

  test('a wallet confirmed in its sheet creates the wallet order and confirms it in the page with the client secret', async () => {
    const waiting = anOrder({ id: 'ord_w', status: 'requires_action', paymentMethod: 'wallet', clientSecret: 'pi_w_secret_w', downloads: [] });
    const paid = anOrder({ id: 'ord_w', paymentMethod: 'wallet' });
    const { store, stripe, calls, checkout } = checkoutWithStripe((request) => (request.method === 'POST' ? waiting : paid));
    store.dispatch(stripeFieldShown({ amountCents: 2499 }));
    stripe.emit({ type: 'walletConfirmed', walletType: 'apple_pay', shippingAddress: address });
    await storeUntil(store, outcomeShown);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/ecommerce/orders',
      body: { paymentMethod: 'wallet', paymentMethodWalletType: 'apple_pay', shippingAddress: address, coupon: null, expectedTotal: 2499 },
    });
    expect(stripe.calls).toEqual(['mount 2499', 'confirmWalletPayment pi_w_secret_w /cart?orderId=ord_w']);
    expect(paths(calls).slice(1)).toEqual(['GET /ecommerce/orders/ord_w/refresh-status']);
    expect(checkout()).toMatchObject({ popup: 'success', order: paid, walletType: null });
  });

  test('a wallet order our server refuses (a beat sold meanwhile) closes the wallet sheet as failed', async () => {
    const { store, stripe, checkout } = checkoutWithStripe(() => new ApiError('Night Drive has been sold to another buyer', 409));
    store.dispatch(stripeFieldShown({ amountCents: 2499 }));
    stripe.emit({ type: 'walletConfirmed', walletType: 'google_pay', shippingAddress: null });
    await storeUntil(store, outcomeShown);
    expect(stripe.calls).toEqual(['mount 2499', 'walletPaymentFailed']);
    expect(checkout()).toMatchObject({ popup: 'failed', failureReason: 'Night Drive has been sold to another buyer' });
  });

  test('a wallet order refused for a total changed since the sheet showed it closes the sheet; the form shows the new total', async () => {
    const now = aCart([aCartItem({ finalPrice: 999 })]);
    const changed = { statusCode: 409, message: 'The price changed: the total is now $1,049.95. …', expectedTotal: 104_995, cart: now };
    const { store, stripe, checkout } = checkoutWithStripe(() => new ApiError(changed.message, 409, {}, changed));
    store.dispatch(stripeFieldShown({ amountCents: 2499 }));
    stripe.emit({ type: 'walletConfirmed', walletType: 'google_pay', shippingAddress: null });
    await storeUntil(store, (state) => state.checkout.priceChangeNotice !== null);
    expect(stripe.calls).toEqual(['mount 2499', 'walletPaymentFailed']);
    expect(checkout()).toMatchObject({ popup: 'payment', status: 'idle', priceChangeNotice: changed.message });
    expect(store.getState().cart.total).toBe(now.total);
  });

  test('without a publishable key Stripe.js is never touched: the sandbox test card pays and 3-D Secure leaves for its page', async () => {
    const waiting = anOrder({ id: 'ord_s', status: 'requires_action', nextActionUrl: '/sandbox-pay/sbx_1', clientSecret: null, downloads: [] });
    const { store, stripe, calls, left } = checkoutWithStripe(() => waiting, {});
    store.dispatch(stripeFieldShown({ amountCents: 2499 }));
    store.dispatch(stripeCardSubmitted({ expectedTotal: 2499 }));
    store.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_threeDSecure2Required', expectedTotal: 2499 }));
    await storeUntil(store, (state) => state.checkout.status === 'redirecting');
    expect(stripe.calls).toEqual([]);
    expect(calls.map((request) => request.body)).toEqual([{ stripePaymentMethodId: 'pm_card_threeDSecure2Required', coupon: null, expectedTotal: 2499 }]);
    expect(left).toEqual(['/sandbox-pay/sbx_1']);
  });
});
