import { call, put } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { adminSummaryLoaded, dashboardHomeLoaded } from '../../shared/features/sites/sitesSlice';
import { AdminSummarySchema, DashboardHomeSchema } from '../../shared/schemas/sites';
import { fromContext } from '../fromContext';

/** Preload of the dashboard site's home (`/dashboard`): the member's recent orders, a producer's listings. */
export function* loadDashboardHome() {
  const api = yield* fromContext('api');
  const home: unknown = yield call([api, api.request], { method: 'GET', path: '/dashboard/home' });
  assert(home, DashboardHomeSchema);
  yield put(dashboardHomeLoaded(home));
}

/** Preload of the admin site's home (`/admin`): the shop in numbers. */
export function* loadAdminHome() {
  const api = yield* fromContext('api');
  const summary: unknown = yield call([api, api.request], { method: 'GET', path: '/admin/summary' });
  assert(summary, AdminSummarySchema);
  yield put(adminSummaryLoaded(summary));
}
