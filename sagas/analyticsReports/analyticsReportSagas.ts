import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import { assert } from 'superstruct';
import { ApiError } from '../../shared/api/apiClient';
import { effectiveRole } from '../../shared/domain/auth/roles';
import { selectUser } from '../../shared/features/auth/authSlice';
import {
  producerReportLoaded,
  reportRangeChosen,
  reportRangeRefused,
  reportReadFailed,
  shopReportLoaded,
} from '../../shared/features/analyticsReports/analyticsReportsSlice';
import { ProducerReportAnswerSchema, ShopReportSchema } from '../../shared/schemas/analyticsReports';
import { failureMessage } from '../failureMessage';
import { changeQuery } from '../navigation/changeQuery';
import type { PreloadInput } from '../navigation/routePreloaders';
import { loadAdminHome, loadDashboardHome } from '../sites/sitePageSagas';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/** The report's range as the address gives it; the server fills what is missing (the last 30 days) and checks the rest. */
const rangeOf = (query: URLSearchParams) => Object.fromEntries((['from', 'to'] as const).flatMap((key) => (query.get(key) ? [[key, query.get(key)!]] : [])));

/**
 * Reads a report into the page. A range the server refuses (400) is said above the form; any other
 * failure is said in the report's place and fails nothing else: the Dashboard's other sections
 * (the way to the moderation queues, a buyer's purchases) do not wait on telemetry.
 */
function* readReport(path: string, query: URLSearchParams, loaded: (answer: unknown) => UnknownAction): Generator<unknown, void, never> {
  const api = yield* fromContext('api');
  try {
    const answer = yield* apiCall(api, { method: 'GET', path, query: rangeOf(query) });
    yield put(loaded(answer));
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) yield put(reportRangeRefused(error.message));
    else yield put(reportReadFailed(failureMessage(error)));
  }
}

export function* loadShopReport({ query }: PreloadInput) {
  yield call(readReport, '/admin/analytics/report', query, (answer) => {
    assert(answer, ShopReportSchema);
    return shopReportLoaded(answer);
  });
}

/** A producer's own figures (none before they are verified); other members' homes have none to ask for. */
export function* loadProducerReport({ query }: PreloadInput) {
  const user = yield* select(selectUser);
  if (user === null || effectiveRole(user.roles) !== 'producer') return;
  yield call(readReport, '/producer/analytics/report', query, (answer) => {
    assert(answer, ProducerReportAnswerSchema);
    return producerReportLoaded(answer);
  });
}

/** Preload of the admin site's Dashboard: the shop in numbers and its reports for the address's range. */
export function* loadAdminDashboard(input: PreloadInput) {
  yield all([call(loadAdminHome), call(loadShopReport, input)]);
}

/** Preload of the dashboard site's home: the member's page, and a producer's own figures. */
export function* loadDashboardWithReport(input: PreloadInput) {
  yield all([call(loadDashboardHome), call(loadProducerReport, input)]);
}

/** Dates chosen in the form become the address (a link, and Back goes to the range before); the page's preload then reads the report. */
function* chooseRange(action: ReturnType<typeof reportRangeChosen>) {
  yield call(changeQuery, { from: action.payload.from || null, to: action.payload.to || null });
}

export function* analyticsReportSagas() {
  yield takeLatest(reportRangeChosen.type, chooseRange);
}
