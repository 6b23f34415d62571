import { anOrder } from '../../../test/helpers/cartFixtures';
import type { Order } from '../../schemas/order';
import { loggedOut } from '../auth/authSlice';
import navigationSlice, { navigationArrived } from '../navigation/navigationSlice';
import checkoutSlice, {
  addressSubmitted,
  cardPaymentSubmitted,
  downloadNotReady,
  downloadRequested,
  isSettledOrder,
  orderFailed,
  orderPriceChanged,
  orderSucceeded,
  paymentFormOpened,
  paypalPaymentSubmitted,
  selectAttemptKey,
  selectCheckoutPopup,
  stripeCardRejected,
  stripeCardSubmitted,
  stripeFieldFailed,
  stripeWalletConfirmed,
  walletPaymentChosen,
  type CheckoutState,
} from './checkoutSlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(checkoutSlice.reducer);
const attemptKey = (state: CheckoutState) => selectAttemptKey({ checkout: state });
const arrived = (pathname: string, search = '') => navigationArrived({ pathname, search, routeName: null, params: {}, error: null });
const address = { fullName: 'Ada Lovelace', line1: '1 Main St', city: 'Berlin', postalCode: '10115', country: 'Germany' };

describe('checkout slice', () => {
  test('a retry with the same way to pay keeps the attempt’s key; another way to pay starts a new attempt', () => {
    const first = cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: 20995 });
    const retry = cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: 20995 });
    const paypal = paypalPaymentSubmitted({ expectedTotal: 20995 });
    expect(retry.payload.attemptKey).not.toBe(first.payload.attemptKey);
    const lost = reduce(undefined, first, orderFailed({ reason: 'Network error', order: null, settled: false }));
    expect(lost).toMatchObject({ status: 'idle', failureReason: 'Network error' });
    expect(attemptKey(lost)).toBe(first.payload.attemptKey);
    const retried = reduce(lost, retry);
    expect(retried.status).toBe('submitting');
    expect(attemptKey(retried)).toBe(first.payload.attemptKey);
    expect(reduce(retried, paypal).attempt).toEqual({ key: paypal.payload.attemptKey, method: 'paypal' });
  });

  test('a definite outcome ends the attempt', () => {
    const submitted = reduce(undefined, walletPaymentChosen('apple_pay'), addressSubmitted({ shippingAddress: address, expectedTotal: 20995 }));
    expect(submitted.attempt?.method).toBe('wallet:apple_pay');
    const refused = reduce(submitted, orderFailed({ reason: 'Your card was declined.', order: anOrder({ status: 'failed' }), settled: true }));
    expect(refused).toMatchObject({ attempt: null, walletType: null, failureReason: 'Your card was declined.' });
    expect(reduce(submitted, orderSucceeded(anOrder()))).toMatchObject({ attempt: null, walletType: null, status: 'idle', order: anOrder() });
  });

  test('a changed price ends the attempt and keeps the server’s words until the buyer pays again', () => {
    const first = stripeCardSubmitted({ expectedTotal: 20995 });
    const again = stripeCardSubmitted({ expectedTotal: 21995 });
    const changed = reduce(undefined, first, orderPriceChanged({ message: 'The total changed to $219.95' }));
    expect(changed).toMatchObject({ status: 'idle', attempt: null, priceChangeNotice: 'The total changed to $219.95' });
    const paying = reduce(changed, again);
    expect(paying.priceChangeNotice).toBeNull();
    expect(attemptKey(paying)).toBe(again.payload.attemptKey);
    expect(reduce(changed, paymentFormOpened()).priceChangeNotice).toBeNull();
  });

  test('the card field’s reason shows until a card is sent from it; a card it rejects returns the form to idle', () => {
    const failed = reduce(undefined, stripeFieldFailed('Could not load the payment form'));
    expect(failed).toMatchObject({ stripeField: 'failed', failureReason: 'Could not load the payment form' });
    const sending = reduce(failed, stripeCardSubmitted({ expectedTotal: 20995 }));
    expect(sending).toMatchObject({ status: 'submitting', failureReason: null, attempt: { method: 'card' } });
    expect(reduce(sending, stripeCardRejected('Your card number is incomplete.'))).toMatchObject({ status: 'idle', failureReason: 'Your card number is incomplete.' });
  });

  test('a wallet confirmed in Stripe’s sheet pays as that wallet', () => {
    const state = reduce(undefined, stripeWalletConfirmed({ walletType: 'google_pay', shippingAddress: null, expectedTotal: 20995 }));
    expect(state).toMatchObject({ walletType: 'google_pay', status: 'submitting', attempt: { method: 'wallet:google_pay' } });
  });

  test('leaving the page forgets the chosen wallet; the first arrival and a popup change on the same page do not', () => {
    const chosen = reduce(undefined, walletPaymentChosen('link'), arrived('/cart'), arrived('/cart', '?frame=payment,address'));
    expect(chosen).toMatchObject({ walletType: 'link', pathname: '/cart' });
    expect(reduce(chosen, arrived('/beats'))).toMatchObject({ walletType: null, pathname: '/beats' });
  });

  test('a download notice stays by its link until that link is pressed again', () => {
    const state = reduce(undefined, downloadNotReady({ url: '/d/1', message: 'Being prepared' }), downloadNotReady({ url: '/d/2', message: 'Being prepared' }), downloadRequested({ url: '/d/1' }));
    expect(state.downloadNotices).toEqual({ '/d/2': 'Being prepared' });
  });

  test('logout forgets the payment but not where the buyer is', () => {
    const state = reduce(undefined, arrived('/cart'), cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: 1 }), orderSucceeded(anOrder()), loggedOut());
    expect(state).toEqual({ ...checkoutSlice.reducer(undefined, { type: 'init' }), pathname: '/cart' });
  });

  test('the popup shown is the latest checkout frame of the address; other popups do not count', () => {
    const popupAt = (search: string) => selectCheckoutPopup({ navigation: navigationSlice.reducer(undefined, arrived('/cart', search)) });
    expect(popupAt('?frame=payment,address,login')).toBe('address');
    expect(popupAt('?frame=login')).toBeNull();
    expect(popupAt('')).toBeNull();
  });

  test('an order still waiting for money is not settled', () => {
    const statuses: Order['status'][] = ['pending', 'requires_action', 'paid', 'failed', 'refunded'];
    expect(statuses.map((status) => isSettledOrder(anOrder({ status })))).toEqual([false, false, true, true, true]);
  });
});
