import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CustomOrderAction, CustomOrderDetail, CustomOrderSummary } from '../../schemas/customOrders';
import type { ProducerOffer } from '../../schemas/producerOffers';
import { loggedOut } from '../auth/authSlice';

/**
 * Which side a page acts for: the buyer's dashboard, the shop's admin site (its own services), or
 * the producer's `Custom services` (their own offers).
 */
export type CustomOrderSide = 'buyer' | 'shop' | 'producer';

/** What the buyer orders: one of the shop's services, or a producer's own offer. */
export type CustomOrderChoice = { serviceId: number } | { offerId: number };

/**
 * The producer's offer the buyer came to order (`/dashboard/services?offer=<id>`); `offer` is null
 * when that id is not (or no longer) offered.
 */
export interface OfferToOrder {
  offer: ProducerOffer | null;
}

/** A step on the open order; its text (a message, a reason) rides in `meta`, which the action log does not record. */
export interface CustomOrderStep {
  id: string;
  side: CustomOrderSide;
  action: Exclude<CustomOrderAction, 'pay' | 'deliver'>;
}

/** A delivery of the files held under `uploadId`, by the side doing the work. */
export interface Delivery {
  id: string;
  side: CustomOrderSide;
  uploadId: string;
}

/** Custom orders (issue 15): the lists and the open order, each set by its page's preload. */
export interface CustomOrdersState {
  mine: CustomOrderSummary[] | null;
  shop: CustomOrderSummary[] | null;
  /** Orders for the producer's own offers. */
  producer: CustomOrderSummary[] | null;
  offerToOrder: OfferToOrder | null;
  open: CustomOrderDetail | null;
  /** The order form or a step on its way: its buttons wait. */
  busy: CustomOrderAction | 'order' | null;
  /** Why the last order or step was refused, with the field it names. */
  error: { message: string; fieldErrors: Partial<Record<string, string>> } | null;
  /** What the last step did, read out by the page's status region. */
  status: string | null;
}

const initialState: CustomOrdersState = { mine: null, shop: null, producer: null, offerToOrder: null, open: null, busy: null, error: null, status: null };

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
    producerCustomOrdersLoaded(state, action: PayloadAction<CustomOrderSummary[]>) {
      state.producer = action.payload;
      state.status = null;
    },
    /** Set by each preload of `Services`: null when its address names no offer. */
    offerToOrderLoaded(state, action: PayloadAction<OfferToOrder | null>) {
      state.offerToOrder = action.payload;
    },
    customOrderLoaded(state, action: PayloadAction<CustomOrderDetail>) {
      state.open = action.payload;
      state.error = null;
      state.status = null;
    },
    /** The buyer orders a service; the description travels in `meta` (free text, not recorded). */
    customOrderRequested: {
      reducer(state, _action: PayloadAction<CustomOrderChoice & { paymentMethodId: string; expectedTotal: number }>) {
        state.busy = 'order';
        state.error = null;
      },
      prepare: (order: CustomOrderChoice & { paymentMethodId: string; expectedTotal: number }, brief: string) => ({ payload: order, meta: { brief } }),
    },
    customOrderStepRequested: {
      reducer(state, action: PayloadAction<CustomOrderStep>) {
        state.busy = action.payload.action;
        state.error = null;
        state.status = null;
      },
      prepare: (step: CustomOrderStep, text?: string) => ({ payload: step, meta: { text } }),
    },
    /** The shop or the producer delivers the files held by the upload port under `uploadId`; the message rides in `meta`. */
    deliveryRequested: {
      reducer(state, _action: PayloadAction<Delivery>) {
        state.busy = 'deliver';
        state.error = null;
        state.status = null;
      },
      prepare: (delivery: Delivery, message: string) => ({ payload: delivery, meta: { message } }),
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
    selectProducerCustomOrders: (state) => state.producer,
    selectOfferToOrder: (state) => state.offerToOrder,
    selectOpenCustomOrder: (state) => state.open,
    selectCustomOrderBusy: (state) => state.busy,
    selectCustomOrderError: (state) => state.error,
    selectCustomOrderStatus: (state) => state.status,
  },
});

export const {
  myCustomOrdersLoaded,
  shopCustomOrdersLoaded,
  producerCustomOrdersLoaded,
  offerToOrderLoaded,
  customOrderLoaded,
  customOrderRequested,
  customOrderStepRequested,
  deliveryRequested,
  customOrderStepDone,
  customOrderFailed,
} = customOrdersSlice.actions;
export const {
  selectMyCustomOrders,
  selectShopCustomOrders,
  selectProducerCustomOrders,
  selectOfferToOrder,
  selectOpenCustomOrder,
  selectCustomOrderBusy,
  selectCustomOrderError,
  selectCustomOrderStatus,
} = customOrdersSlice.selectors;
export default customOrdersSlice;
