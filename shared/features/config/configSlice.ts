import { createSlice } from '@reduxjs/toolkit';

/** Public configuration the server hands the browser: where the dashboard and admin sites live. */
export interface PublicConfig {
  dashboardUrl: string;
  adminUrl: string;
  /** Stripe's publishable key (never the secret one): the payment form mounts Stripe's fields. Absent: the sandbox's test cards. */
  stripePublishableKey?: string;
}

const configSlice = createSlice({
  name: 'config',
  initialState: { dashboardUrl: '', adminUrl: '' } as PublicConfig,
  reducers: {},
  selectors: {
    selectDashboardUrl: (state) => state.dashboardUrl,
    selectAdminUrl: (state) => state.adminUrl,
    selectStripePublishableKey: (state) => state.stripePublishableKey || null,
  },
});

export const { selectDashboardUrl, selectAdminUrl, selectStripePublishableKey } = configSlice.selectors;
export default configSlice;
