import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminSummary, DashboardHome } from '../../schemas/sites';
import { loggedOut } from '../auth/authSlice';

/** The data of the dashboard and admin sites' pages, each set by its page's preload. */
export interface SitesState {
  dashboardHome: DashboardHome | null;
  adminSummary: AdminSummary | null;
}

const initialState: SitesState = { dashboardHome: null, adminSummary: null };

const sitesSlice = createSlice({
  name: 'sites',
  initialState,
  reducers: {
    dashboardHomeLoaded(state, action: PayloadAction<DashboardHome>) {
      state.dashboardHome = action.payload;
    },
    adminSummaryLoaded(state, action: PayloadAction<AdminSummary>) {
      state.adminSummary = action.payload;
    },
  },
  // What one account saw is not left in the page for whoever uses the browser next.
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectDashboardHome: (state) => state.dashboardHome,
    selectAdminSummary: (state) => state.adminSummary,
  },
});

export const { dashboardHomeLoaded, adminSummaryLoaded } = sitesSlice.actions;
export const { selectDashboardHome, selectAdminSummary } = sitesSlice.selectors;
export default sitesSlice;
