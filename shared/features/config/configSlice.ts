import { createSlice } from '@reduxjs/toolkit';

/** Feature flags (SPEC §1): set by the server's configuration, read by routes and components. */
export interface FeatureFlags {
  proMembership: boolean;
  producerPage: boolean;
  fullProducerPage: boolean;
}

export const DEFAULT_FEATURES: FeatureFlags = { proMembership: false, producerPage: true, fullProducerPage: true };

/** Public configuration the server hands the browser: where the dashboard and admin sites live, and the flags. */
export interface PublicConfig {
  dashboardUrl: string;
  adminUrl: string;
  /** Stripe's publishable key (never the secret one): the payment form mounts Stripe's fields. Absent: the sandbox's test cards. */
  stripePublishableKey?: string;
  /** The robot check (a self-hosted proof-of-work captcha) guards the registration, reset and page forms. */
  captcha?: boolean;
  features: FeatureFlags;
}

const configSlice = createSlice({
  name: 'config',
  initialState: { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES } as PublicConfig,
  reducers: {},
  selectors: {
    selectDashboardUrl: (state) => state.dashboardUrl,
    selectAdminUrl: (state) => state.adminUrl,
    selectStripePublishableKey: (state) => state.stripePublishableKey || null,
    selectFeatures: (state) => state.features,
    selectCaptchaEnabled: (state) => state.captcha === true,
  },
});

export const { selectDashboardUrl, selectAdminUrl, selectStripePublishableKey, selectFeatures, selectCaptchaEnabled } = configSlice.selectors;
export default configSlice;
