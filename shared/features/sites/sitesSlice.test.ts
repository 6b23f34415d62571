import { loggedOut } from '../auth/authSlice';
import sitesSlice, { adminSummaryLoaded, dashboardHomeLoaded, selectAdminSummary, selectDashboardHome } from './sitesSlice';

const HOME = { recentPurchases: [{ id: 'o-1', placedAt: '2026-11-01T10:00:00.000Z', status: 'paid' as const, total: 219, items: [] }], followedNewBeats: [], openCustomOrders: [], listedProducts: null };
const SUMMARY = { products: 3, producers: 2, buyers: 5, orders: 1, revenue: 219 };

describe('sitesSlice', () => {
  test('keeps what each page loaded', () => {
    let state = sitesSlice.reducer(undefined, dashboardHomeLoaded(HOME));
    state = sitesSlice.reducer(state, adminSummaryLoaded(SUMMARY));
    expect(selectDashboardHome({ sites: state })).toEqual(HOME);
    expect(selectAdminSummary({ sites: state })).toEqual(SUMMARY);
  });

  test('a logout forgets the account’s pages', () => {
    const state = sitesSlice.reducer(sitesSlice.reducer(undefined, dashboardHomeLoaded(HOME)), loggedOut());
    expect(selectDashboardHome({ sites: state })).toBeNull();
  });
});
