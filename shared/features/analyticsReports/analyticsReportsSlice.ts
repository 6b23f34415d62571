import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProducerReport, ShopReport } from '../../schemas/analyticsReports';
import { loggedOut } from '../auth/authSlice';

/**
 * The shop's own reports (issue 13): the admin Dashboard's of the whole shop, a producer's of
 * their own products; each set by its page's preload for the range in the address.
 */
export interface AnalyticsReportsState {
  shop: ShopReport | null;
  producer: ProducerReport | null;
  /** The server's words when it refused the range (a day that does not exist, `from` after `to`). */
  refusedRange: string | null;
  /** Why the report could not be read (the database away a moment): the rest of the page still shows. */
  readFailure: string | null;
}

const initialState: AnalyticsReportsState = { shop: null, producer: null, refusedRange: null, readFailure: null };

const analyticsReportsSlice = createSlice({
  name: 'analyticsReports',
  initialState,
  reducers: {
    shopReportLoaded(state, action: PayloadAction<ShopReport>) {
      state.shop = action.payload;
      state.refusedRange = null;
      state.readFailure = null;
    },
    /** Null: a producer not verified yet, who has no figures. */
    producerReportLoaded(state, action: PayloadAction<ProducerReport | null>) {
      state.producer = action.payload;
      state.refusedRange = null;
      state.readFailure = null;
    },
    /** The figures of the range asked before go: the page would show them under dates they are not of. */
    reportRangeRefused(state, action: PayloadAction<string>) {
      state.shop = null;
      state.producer = null;
      state.refusedRange = action.payload;
      state.readFailure = null;
    },
    reportReadFailed(state, action: PayloadAction<string>) {
      state.shop = null;
      state.producer = null;
      state.refusedRange = null;
      state.readFailure = action.payload;
    },
    /** A person chose dates in the form: the address follows, and the page's preload reads the report. */
    reportRangeChosen(_state, _action: PayloadAction<{ from: string; to: string }>) {},
  },
  // What one account saw is not left in the page for whoever uses the browser next.
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectShopReport: (state) => state.shop,
    selectProducerReport: (state) => state.producer,
    selectRefusedRange: (state) => state.refusedRange,
    selectReportReadFailure: (state) => state.readFailure,
  },
});

export const { shopReportLoaded, producerReportLoaded, reportRangeRefused, reportReadFailed, reportRangeChosen } = analyticsReportsSlice.actions;
export const { selectShopReport, selectProducerReport, selectRefusedRange, selectReportReadFailure } = analyticsReportsSlice.selectors;
export default analyticsReportsSlice;
