import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CustomOrderAction, CustomOrderDetail, CustomOrderSummary } from '../../schemas/customOrders';
import { loggedOut } from '../auth/authSlice';

/** Which side a page acts for: the buyer's dashboard, or the shop's admin site. */
export type CustomOrderSide = 'buyer' | 'shop';

/** A step on the open order; its text (a message, a reason) rides in `meta`, which the action log does not record. */
export interface CustomOrderStep {
  id: string;
  side: CustomOrderSide;
  action: Exclude<CustomOrderAction, 'pay' | 'deliver'>;
}

/** Custom orders (issue 15): the lists and the open order, each set by its page's preload. */
export interface CustomOrdersState {
  mine: CustomOrderSummary[] | null;
  shop: CustomOrderSummary[] | null;
  open: CustomOrderDetail | null;
  /** The order form or a step on its way: its buttons wait. */
  busy: CustomOrderAction | 'order' | null;
  /** Why the last order or step was refused, with the field it names. */
  error: { message: string; fieldErrors: Partial<Record<string, string>> } | null;
  /** What the last step did, read out by the page's status region. */
  status: string | null;
}

const initialState: CustomOrdersState = { mine: null, shop: null, open: null, busy: null, error: null, status: null };

const STEP_DONE: Record<CustomOrderStep['action'], string> = {
  accept: 'The order is accepted; the buyer has been told.',
  decline: 'The order is declined and its price refunded.',
  acceptDelivery: 'Thank you: the order is complete, and its files are yours to download for 180 days.',
  askRevision: 'Your revision request was sent.',
  message: 'Your message was sent.',
};

const customOrdersSlice = createSlice({
  name: 'customOrders',
  initialState,
  reducers: {
    myCustomOrdersLoaded(state, action: PayloadAction<CustomOrderSummary[]>) {
      state.mine = action.payload;
      state.error = null;
      state.status = null;
    },
    shopCustomOrdersLoaded(state, action: PayloadAction<CustomOrderSummary[]>) {
      state.shop = action.payload;
      state.status = null;
    },
    customOrderLoaded(state, action: PayloadAction<CustomOrderDetail>) {
      state.open = action.payload;
      state.error = null;
      state.status = null;
    },
    /** The buyer orders a service; the description travels in `meta` (free text, not recorded). */
    customOrderRequested: {
      reducer(state, _action: PayloadAction<{ serviceId: number; paymentMethodId: string }>) {
        state.busy = 'order';
        state.error = null;
      },
      prepare: (order: { serviceId: number; paymentMethodId: string }, brief: string) => ({ payload: order, meta: { brief } }),
    },
    customOrderStepRequested: {
      reducer(state, action: PayloadAction<CustomOrderStep>) {
        state.busy = action.payload.action;
        state.error = null;
        state.status = null;
      },
      prepare: (step: CustomOrderStep, text?: string) => ({ payload: step, meta: { text } }),
    },
    /** The shop delivers the files held by the upload port under `uploadId`; the message rides in `meta`. */
    deliveryRequested: {
      reducer(state, _action: PayloadAction<{ id: string; uploadId: string }>) {
        state.busy = 'deliver';
        state.error = null;
        state.status = null;
      },
      prepare: (delivery: { id: string; uploadId: string }, message: string) => ({ payload: delivery, meta: { message } }),
    },
    customOrderStepDone(state, action: PayloadAction<{ detail: CustomOrderDetail; action: CustomOrderAction }>) {
      state.open = action.payload.detail;
      state.busy = null;
      state.status = action.payload.action === 'deliver' ? 'The delivery was sent; the buyer has been told.' : action.payload.action === 'pay' ? null : STEP_DONE[action.payload.action];
    },
    customOrderFailed(state, action: PayloadAction<{ message: string; fieldErrors: Partial<Record<string, string>> }>) {
      state.busy = null;
      state.error = action.payload;
    },
  },
  // Orders and threads are not left in the page for whoever uses the browser next.
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectMyCustomOrders: (state) => state.mine,
    selectShopCustomOrders: (state) => state.shop,
    selectOpenCustomOrder: (state) => state.open,
    selectCustomOrderBusy: (state) => state.busy,
    selectCustomOrderError: (state) => state.error,
    selectCustomOrderStatus: (state) => state.status,
  },
});

export const {
  myCustomOrdersLoaded,
  shopCustomOrdersLoaded,
  customOrderLoaded,
  customOrderRequested,
  customOrderStepRequested,
  deliveryRequested,
  customOrderStepDone,
  customOrderFailed,
} = customOrdersSlice.actions;
export const { selectMyCustomOrders, selectShopCustomOrders, selectOpenCustomOrder, selectCustomOrderBusy, selectCustomOrderError, selectCustomOrderStatus } =
  customOrdersSlice.selectors;
export default customOrdersSlice;
