import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/authSlice';
import { navigationArrived } from '../navigation/navigationSlice';
import type { Order, ShippingAddress } from '../../schemas/order';
import type { WALLET_TYPES } from '../../schemas/order';
import { openFrames } from '../../routes/popupQuery';
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
}

const initialState: CheckoutState = {
  pathname: null,
  walletType: null,
  status: 'idle',
  order: null,
  failureReason: null,
  stripeField: 'off',
};

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    /** Checkout on the cart page: a guest gets the login popup, a member the payment form. */
    checkoutRequested() {},
    paymentFormOpened(state) {
      state.failureReason = null;
    },
    /** The topmost checkout popup closes (its close button, Escape); a payment in flight goes on. */
    checkoutPopupClosed(state) {
      state.walletType = null;
    },
    /** A sandbox (or provider) payment-method id, never a card number. */
    cardPaymentSubmitted(state, _action: PayloadAction<{ paymentMethodId: string }>) {
      state.status = 'submitting';
    },
    paypalPaymentSubmitted(state) {
      state.status = 'submitting';
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
    stripeCardSubmitted(state) {
      state.status = 'submitting';
      state.failureReason = null;
    },
    /** Stripe refused the card field's content (incomplete, invalid): the form stays open with its words. */
    stripeCardRejected(state, action: PayloadAction<string>) {
      state.status = 'idle';
      state.failureReason = action.payload;
    },
    /** The buyer authorised a wallet in Stripe's sheet; the address is under `shippingAddress`, which the action log redacts. */
    stripeWalletConfirmed(state, action: PayloadAction<{ walletType: WalletType; shippingAddress: ShippingAddress | null }>) {
      state.status = 'submitting';
      state.failureReason = null;
      state.walletType = action.payload.walletType;
    },
    /** A wallet payment needs the shipping address first. */
    walletPaymentChosen(state, action: PayloadAction<WalletType>) {
      state.walletType = action.payload;
    },
    /** Under `shippingAddress`, a key the action log redacts: an address is personal data. */
    addressSubmitted(state, _action: PayloadAction<{ shippingAddress: ShippingAddress }>) {
      state.status = 'submitting';
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
    orderSucceeded(state, action: PayloadAction<Order>) {
      state.order = action.payload;
      state.status = 'idle';
      state.walletType = null;
    },
    orderFailed(state, action: PayloadAction<{ reason: string; order: Order | null }>) {
      state.order = action.payload.order;
      state.failureReason = action.payload.reason;
      state.status = 'idle';
      state.walletType = null;
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
  },
});

export const {
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
  orderSucceeded,
  orderFailed,
} = checkoutSlice.actions;
export const { selectCheckout } = checkoutSlice.selectors;
export default checkoutSlice;
