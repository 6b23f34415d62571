import { createSlice } from '@reduxjs/toolkit';

/** Public configuration the server hands the browser: where the dashboard and admin sites live. */
export interface PublicConfig {
  dashboardUrl: string;
  adminUrl: string;
}

const configSlice = createSlice({
  name: 'config',
  initialState: { dashboardUrl: '', adminUrl: '' } as PublicConfig,
  reducers: {},
  selectors: {
    selectDashboardUrl: (state) => state.dashboardUrl,
    selectAdminUrl: (state) => state.adminUrl,
  },
});

export const { selectDashboardUrl, selectAdminUrl } = configSlice.selectors;
export default configSlice;
