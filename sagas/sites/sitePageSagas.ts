import { put } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { adminSummaryLoaded, dashboardHomeLoaded } from '../../shared/features/sites/sitesSlice';
import { AdminSummarySchema, DashboardHomeSchema } from '../../shared/schemas/sites';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

/** Preload of the dashboard site's home (`/dashboard`): the member's recent orders, a producer's listings. */
export function* loadDashboardHome() {
  const api = yield* fromContext('api');
  const home = yield* apiCall(api, { method: 'GET', path: '/dashboard/home' });
  assert(home, DashboardHomeSchema);
  yield put(dashboardHomeLoaded(home));
}

/** Preload of the admin site's home (`/admin`): the shop in numbers. */
export function* loadAdminHome() {
  const api = yield* fromContext('api');
  const summary = yield* apiCall(api, { method: 'GET', path: '/admin/summary' });
  assert(summary, AdminSummarySchema);
  yield put(adminSummaryLoaded(summary));
}
