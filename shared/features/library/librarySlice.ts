import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Purchase, Sale } from '../../schemas/library';
import { loggedOut } from '../auth/authSlice';

/** "Send the mail again" of one order: pressed and waiting, or what the server said. */
export type OrderMailState = { status: 'sending' } | { status: 'sent' | 'failed'; message: string };

/** The buyer's library (My purchases) and the producer's sales, each set by its page's preload. */
export interface LibraryState {
  purchases: Purchase[] | null;
  sales: Sale[] | null;
  mails: Record<string, OrderMailState>;
}

const initialState: LibraryState = { purchases: null, sales: null, mails: {} };

const librarySlice = createSlice({
  name: 'library',
  initialState,
  reducers: {
    purchasesLoaded(state, action: PayloadAction<Purchase[]>) {
      state.purchases = action.payload;
    },
    salesLoaded(state, action: PayloadAction<Sale[]>) {
      state.sales = action.payload;
    },
    orderMailRequested(state, action: PayloadAction<string>) {
      state.mails[action.payload] = { status: 'sending' };
    },
    orderMailSent(state, action: PayloadAction<{ orderId: string; message: string }>) {
      state.mails[action.payload.orderId] = { status: 'sent', message: action.payload.message };
    },
    orderMailFailed(state, action: PayloadAction<{ orderId: string; message: string }>) {
      state.mails[action.payload.orderId] = { status: 'failed', message: action.payload.message };
    },
  },
  // What one account bought is not left in the page for whoever uses the browser next.
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectPurchases: (state) => state.purchases,
    selectSales: (state) => state.sales,
    selectOrderMail: (state, orderId: string): OrderMailState | undefined => state.mails[orderId],
  },
});

export const { purchasesLoaded, salesLoaded, orderMailRequested, orderMailSent, orderMailFailed } = librarySlice.actions;
export const { selectPurchases, selectSales, selectOrderMail } = librarySlice.selectors;
export default librarySlice;
