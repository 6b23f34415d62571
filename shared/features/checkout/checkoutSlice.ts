import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/authSlice';
import { navigationArrived } from '../navigation/navigationSlice';
import type { Order, ShippingAddress } from '../../schemas/order';
import type { WALLET_TYPES } from '../../schemas/order';
import { openFrames } from '../../routes/popupQuery';
import { newAttemptKey } from './attemptKey';
import type { NavigationState } from '../navigation/navigationSlice';

export type WalletType = (typeof WALLET_TYPES)[number];

/**
 * SPEC §2 "Other popups" of the checkout: cart payment form, address, success, failed. Which one
 * is open lives in the address's `frame` list (shared/routes/popupQuery.ts), so browser Back closes
 * the latest; this slice holds what they show.
 */
export const CHECKOUT_FRAMES = ['payment', 'address', 'success', 'failed'] as const;
export type CheckoutPopup = (typeof CHECKOUT_FRAMES)[number];

/** The latest checkout popup in the frame list, the one shown. */
export function selectCheckoutPopup(state: { navigation: NavigationState }): CheckoutPopup | null {
  const frames = openFrames(state.navigation.search).filter((name): name is CheckoutPopup => (CHECKOUT_FRAMES as readonly string[]).includes(name));
  return frames.at(-1) ?? null;
}

/**
 * The payment attempt the order calls belong to: its Idempotency-Key goes with every call, so a
 * call retried after a lost answer (a network error, a 5xx, a provider that did not answer) is
 * the same order and never a second charge. A definite outcome (paid, failed, refused) ends the
 * attempt; choosing another way to pay (another card, PayPal, a wallet) starts a new one.
 */
export interface PaymentAttempt {
  key: string;
  /** 'card:<sandbox test card>', 'card' (Stripe's field), 'paypal' or 'wallet:<type>'. */
  method: string;
}

/** Order statuses that still wait for money: the attempt that led to them is not over. */
const OPEN_STATUSES: readonly Order['status'][] = ['pending', 'requires_action'];

export const isSettledOrder = (order: Order) => !OPEN_STATUSES.includes(order.status);

/** A payment submitted: it runs at the total its button showed (`expectedTotal`, cents), which the server checks. */
function submitted(state: CheckoutState, method: string, key: string): void {
  state.status = 'submitting';
  state.priceChangeNotice = null;
  if (state.attempt?.method !== method) state.attempt = { key, method };
}

const withAttemptKey = <P extends object>(payload: P) => ({ payload: { ...payload, attemptKey: newAttemptKey() } });

export interface CheckoutState {
  /** Where the buyer is: leaving the page forgets the wallet chosen for the address popup. */
  pathname: string | null;
  /** Chosen on the payment form; the address popup then completes a wallet payment. */
  walletType: WalletType | null;
  /** 'submitting' while an order call runs; 'redirecting' while the browser leaves for a provider page. */
  status: 'idle' | 'submitting' | 'redirecting';
  order: Order | null;
  failureReason: string | null;
  /** Stripe's fields on the payment form (with a publishable key): loading until they can take a card. */
  stripeField: 'off' | 'loading' | 'ready' | 'failed';
  attempt: PaymentAttempt | null;
  /** Why a download link could not give its file yet (a master still being rendered), by the link's URL. */
  downloadNotices: Record<string, string>;
  /** The server refused the order because the total changed since it was shown: its words, until the buyer pays again. */
  priceChangeNotice: string | null;
}

const initialState: CheckoutState = {
  pathname: null,
  walletType: null,
  status: 'idle',
  order: null,
  failureReason: null,
  stripeField: 'off',
  attempt: null,
  downloadNotices: {},
  priceChangeNotice: null,
};

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    /** Checkout on the cart page: a guest gets the login popup, a member the payment form. */
    checkoutRequested() {},
    paymentFormOpened(state) {
      state.failureReason = null;
      state.priceChangeNotice = null;
    },
    /** The topmost checkout popup closes (its close button, Escape); a payment in flight goes on. */
    checkoutPopupClosed(state) {
      state.walletType = null;
    },
    /** A sandbox (or provider) payment-method id, never a card number. */
    cardPaymentSubmitted: {
      reducer(state, action: PayloadAction<{ paymentMethodId: string; expectedTotal: number; attemptKey: string }>) {
        submitted(state, `card:${action.payload.paymentMethodId}`, action.payload.attemptKey);
      },
      prepare: (payload: { paymentMethodId: string; expectedTotal: number }) => withAttemptKey(payload),
    },
    paypalPaymentSubmitted: {
      reducer(state, action: PayloadAction<{ expectedTotal: number; attemptKey: string }>) {
        submitted(state, 'paypal', action.payload.attemptKey);
      },
      prepare: (payload: { expectedTotal: number }) => withAttemptKey(payload),
    },
    /** The payment form shows Stripe's fields for a deferred intent of this amount. */
    stripeFieldShown(state, _action: PayloadAction<{ amountCents: number }>) {
      state.stripeField = 'loading';
    },
    stripeFieldHidden(state) {
      state.stripeField = 'off';
    },
    stripeFieldReady(state) {
      state.stripeField = 'ready';
    },
    stripeFieldFailed(state, action: PayloadAction<string>) {
      state.stripeField = 'failed';
      state.failureReason = action.payload;
    },
    /** Pay with the card typed into Stripe's field: the PaymentMethod is made in the browser first. */
    stripeCardSubmitted: {
      reducer(state, action: PayloadAction<{ expectedTotal: number; attemptKey: string }>) {
        state.failureReason = null;
        submitted(state, 'card', action.payload.attemptKey);
      },
      prepare: (payload: { expectedTotal: number }) => withAttemptKey(payload),
    },
    /** Stripe refused the card field's content (incomplete, invalid): the form stays open with its words. */
    stripeCardRejected(state, action: PayloadAction<string>) {
      state.status = 'idle';
      state.failureReason = action.payload;
    },
    /**
     * The buyer authorised a wallet in Stripe's sheet, for the amount its fields were mounted with;
     * the address is under `shippingAddress`, which the action log redacts.
     */
    stripeWalletConfirmed: {
      reducer(state, action: PayloadAction<{ walletType: WalletType; shippingAddress: ShippingAddress | null; expectedTotal: number; attemptKey: string }>) {
        state.failureReason = null;
        state.walletType = action.payload.walletType;
        submitted(state, `wallet:${action.payload.walletType}`, action.payload.attemptKey);
      },
      prepare: (payload: { walletType: WalletType; shippingAddress: ShippingAddress | null; expectedTotal: number }) => withAttemptKey(payload),
    },
    /** A wallet payment needs the shipping address first. */
    walletPaymentChosen(state, action: PayloadAction<WalletType>) {
      state.walletType = action.payload;
    },
    /** Under `shippingAddress`, a key the action log redacts: an address is personal data. */
    addressSubmitted: {
      reducer(state, action: PayloadAction<{ shippingAddress: ShippingAddress; expectedTotal: number; attemptKey: string }>) {
        submitted(state, `wallet:${state.walletType}`, action.payload.attemptKey);
      },
      prepare: (payload: { shippingAddress: ShippingAddress; expectedTotal: number }) => withAttemptKey(payload),
    },
    /** The provider wants the buyer on its page (PayPal approval, 3-D Secure). */
    orderRedirecting(state, action: PayloadAction<Order>) {
      state.order = action.payload;
      state.status = 'redirecting';
    },
    /** Back from the provider's page: the order's status is asked again. */
    orderReturned(state, _action: PayloadAction<{ orderId: string; cancelled: boolean }>) {
      state.status = 'submitting';
    },
    /** The buyer pressed a download link: the file is asked for, and an earlier notice goes. */
    downloadRequested(state, action: PayloadAction<{ url: string }>) {
      delete state.downloadNotices[action.payload.url];
    },
    downloadNotReady(state, action: PayloadAction<{ url: string; message: string }>) {
      state.downloadNotices[action.payload.url] = action.payload.message;
    },
    /**
     * Refused before anything was placed or charged: the total is not the one shown. The cart came
     * with the answer (`cart/cartLoaded`), so the open popup's Pay shows the new total; the next
     * press is a new attempt.
     */
    orderPriceChanged(state, action: PayloadAction<{ message: string }>) {
      state.status = 'idle';
      state.attempt = null;
      state.priceChangeNotice = action.payload.message;
    },
    orderSucceeded(state, action: PayloadAction<Order>) {
      state.order = action.payload;
      state.status = 'idle';
      state.walletType = null;
      state.attempt = null;
    },
    /** `settled`: the outcome is definite (a failed order, a refusal); otherwise a retry is the same attempt. */
    orderFailed(state, action: PayloadAction<{ reason: string; order: Order | null; settled: boolean }>) {
      state.order = action.payload.order;
      state.failureReason = action.payload.reason;
      state.status = 'idle';
      state.walletType = null;
      if (action.payload.settled) state.attempt = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(navigationArrived, (state, action) => {
      if (state.pathname !== null && state.pathname !== action.payload.pathname) state.walletType = null;
      state.pathname = action.payload.pathname;
    });
    builder.addCase(loggedOut, (state) => ({ ...initialState, pathname: state.pathname }));
  },
  selectors: {
    selectCheckout: (state) => state,
    selectAttemptKey: (state) => state.attempt?.key ?? null,
  },
});

export const {
  downloadRequested,
  downloadNotReady,
  checkoutRequested,
  paymentFormOpened,
  checkoutPopupClosed,
  cardPaymentSubmitted,
  paypalPaymentSubmitted,
  stripeFieldShown,
  stripeFieldHidden,
  stripeFieldReady,
  stripeFieldFailed,
  stripeCardSubmitted,
  stripeCardRejected,
  stripeWalletConfirmed,
  walletPaymentChosen,
  addressSubmitted,
  orderRedirecting,
  orderReturned,
  orderPriceChanged,
  orderSucceeded,
  orderFailed,
} = checkoutSlice.actions;
export const { selectCheckout, selectAttemptKey } = checkoutSlice.selectors;
export default checkoutSlice;
