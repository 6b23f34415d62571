import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/authSlice';
import { navigationArrived } from '../navigation/navigationSlice';
import type { Order, ShippingAddress } from '../../schemas/order';
import type { WALLET_TYPES } from '../../schemas/order';

export type WalletType = (typeof WALLET_TYPES)[number];

/** SPEC §2 "Other popups" of the checkout: cart payment form, address, success, failed. */
export type CheckoutPopup = 'paymentForm' | 'address' | 'success' | 'failed';

export interface CheckoutState {
  popup: CheckoutPopup | null;
  /** Where the popup was opened: any route path change closes it (SPEC §4 "Popups"). */
  pathname: string | null;
  /** Chosen on the payment form; the address popup then completes a wallet payment. */
  walletType: WalletType | null;
  /** 'submitting' while an order call runs; 'redirecting' while the browser leaves for a provider page. */
  status: 'idle' | 'submitting' | 'redirecting';
  order: Order | null;
  failureReason: string | null;
}

const initialState: CheckoutState = {
  popup: null,
  pathname: null,
  walletType: null,
  status: 'idle',
  order: null,
  failureReason: null,
};

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    /** Checkout on the cart page: a guest gets the login popup, a member the payment form. */
    checkoutRequested() {},
    paymentFormOpened(state) {
      state.popup = 'paymentForm';
      state.failureReason = null;
    },
    checkoutPopupClosed(state) {
      state.popup = null;
      state.walletType = null;
    },
    /** A sandbox (or provider) payment-method id, never a card number. */
    cardPaymentSubmitted(state, _action: PayloadAction<{ paymentMethodId: string }>) {
      state.status = 'submitting';
    },
    paypalPaymentSubmitted(state) {
      state.status = 'submitting';
    },
    /** A wallet payment needs the shipping address first. */
    walletPaymentChosen(state, action: PayloadAction<WalletType>) {
      state.walletType = action.payload;
      state.popup = 'address';
    },
    addressSubmitted(state, _action: PayloadAction<ShippingAddress>) {
      state.status = 'submitting';
    },
    /** The provider wants the buyer on its page (PayPal approval, 3-D Secure). */
    orderRedirecting(state, action: PayloadAction<Order>) {
      state.order = action.payload;
      state.status = 'redirecting';
    },
    /** Back from the provider's page: the order's status is asked again. */
    orderReturned(state, _action: PayloadAction<{ orderId: string; paypal: 'approved' | 'cancelled' | null }>) {
      state.status = 'submitting';
    },
    orderSucceeded(state, action: PayloadAction<Order>) {
      state.order = action.payload;
      state.status = 'idle';
      state.popup = 'success';
      state.walletType = null;
    },
    orderFailed(state, action: PayloadAction<{ reason: string; order: Order | null }>) {
      state.order = action.payload.order;
      state.failureReason = action.payload.reason;
      state.status = 'idle';
      state.popup = 'failed';
      state.walletType = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(navigationArrived, (state, action) => {
      if (state.pathname !== null && state.pathname !== action.payload.pathname) {
        state.popup = null;
        state.walletType = null;
      }
      state.pathname = action.payload.pathname;
    });
    builder.addCase(loggedOut, (state) => ({ ...initialState, pathname: state.pathname }));
  },
  selectors: {
    selectCheckout: (state) => state,
    selectCheckoutPopup: (state) => state.popup,
  },
});

export const {
  checkoutRequested,
  paymentFormOpened,
  checkoutPopupClosed,
  cardPaymentSubmitted,
  paypalPaymentSubmitted,
  walletPaymentChosen,
  addressSubmitted,
  orderRedirecting,
  orderReturned,
  orderSucceeded,
  orderFailed,
} = checkoutSlice.actions;
export const { selectCheckout, selectCheckoutPopup } = checkoutSlice.selectors;
export default checkoutSlice;
