import { call, delay, fork, put, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import { ApiError } from '../../shared/api/apiClient';
import { TIMERS_MS } from '../../shared/domain/constants';
import {
  countriesLoaded,
  countriesRequested,
  loggedOut,
  loginFailed,
  loginFormCleared,
  loginIgnored,
  loginRequested,
  loginSucceeded,
  logoutRequested,
  registrationFailed,
  registrationRequested,
  registrationSucceeded,
  resetFailed,
  resetRequested,
  resetSucceeded,
  selectCountries,
  selectUser,
  servicesRefused,
} from '../../shared/features/auth/authSlice';
import { navigationRequested, selectLocation } from '../../shared/features/navigation/navigationSlice';
import { errorToastShown } from '../../shared/features/notifications/notificationsSlice';
import { effectiveRole } from '../../shared/domain/auth/roles';
import { redirectTarget } from '../../shared/domain/auth/redirectTarget';
import { matchRoute } from '../../shared/routes/matchRoute';
import { siteAccess } from '../../shared/sites/siteRoutes';
import { selectDashboardUrl } from '../../shared/features/config/configSlice';
import { CountryListSchema, UserSchema } from '../../shared/schemas/auth';
import { assert } from 'superstruct';
import { withQuery } from '../../shared/routes/popupQuery';
import { changeQuery } from '../navigation/changeQuery';
import { withCaptcha } from '../withCaptcha';
import { accountStreamStarted, accountStreamStopped } from './accountStreamActions';
import { backgroundReadFailed } from '../shell/failureActions';
import { failureMessage } from '../failureMessage';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

export const LOGIN_IN_PROGRESS = 'Operation canceled, the request is already in progress';

/** The server's message, or its status text; a network failure says so. */
export const errorMessage = (error: unknown) =>
  error instanceof ApiError ? error.message || `Request failed (${error.statusCode})` : 'Network error, please try again';

/** SPEC §8: a reset failure mentioning code 40001 reads 'Email address is invalid'. */
export const resetErrorMessage = (error: unknown) => {
  const message = errorMessage(error);
  return message.includes('40001') ? 'Email address is invalid' : message;
};

function* login(action: ReturnType<typeof loginRequested>) {
  const api = yield* fromContext('api');
  try {
    const user = yield* apiCall(api, { method: 'POST', path: '/auth/login', body: action.payload });
    assert(user, UserSchema);
    yield put(loginSucceeded(user));
    yield call(afterLogin);
  } catch (error) {
    yield put(loginFailed(failureMessage(error)));
  }
}

/** The page of a site on this server that a `services` address names, if it names one. */
function sitePageAt(address: string) {
  const path = redirectTarget(address, '');
  if (path === null) return null;
  const { pathname, search } = new URL(path, 'http://this-site.invalid');
  const route = matchRoute(pathname)?.route;
  return route?.sitePage ? { route, pathname, search } : null;
}

/** Shared by login and registration: close the popup, follow the stream, tidy the form. */
function* afterLogin() {
  yield put(accountStreamStarted());
  const { pathname, search }: { pathname: string; search: string } = yield* select(selectLocation);
  const services = new URLSearchParams(search).get('services');
  const user = yield* select(selectUser);
  const dashboardUrl = yield* select(selectDashboardUrl);
  // SPEC §4: success closes the popup, removing the login and services keys.
  yield put(navigationRequested({ pathname, search: withQuery(search, { login: null, services: null }), mode: 'replace' }));
  const sitePage = services ? sitePageAt(services) : null;
  const target = services && redirectTarget(services, dashboardUrl);
  if (sitePage && user && siteAccess(sitePage.route.sitePage, user) === 'open') {
    // A guest sent from a dashboard page to log in comes back to it, when their role has it.
    yield put(navigationRequested({ pathname: sitePage.pathname, search: sitePage.search, mode: 'push' }));
  } else if (target && user && effectiveRole(user.roles) === 'client') {
    // A client who logs in to order a service goes straight to the services area.
    const history = yield* fromContext('history');
    if (history.leave) yield call([history, history.leave], target);
  } else if (services && user && effectiveRole(user.roles) !== 'client') {
    // SPEC §6: services are not for sellers; they are told so once.
    yield put(servicesRefused(services));
  }
  yield delay(TIMERS_MS.popupSwitch);
  yield put(loginFormCleared());
}

/** One login at a time: a second one while the first runs is refused, not queued. */
function* watchLogin() {
  let running: Task | null = null;
  for (;;) {
    const action: ReturnType<typeof loginRequested> = yield take(loginRequested.type);
    if (running?.isRunning()) {
      yield put(loginIgnored({ message: LOGIN_IN_PROGRESS }));
      continue;
    }
    running = yield fork(login, action);
  }
}

function* register(action: ReturnType<typeof registrationRequested>) {
  const api = yield* fromContext('api');
  try {
    const user = yield* apiCall(api, { method: 'POST', path: '/auth/register', body: action.payload, ...withCaptcha(action.meta.captcha) });
    assert(user, UserSchema);
    yield put(registrationSucceeded(user));
    yield put(accountStreamStarted());
    // Buyers are done; sellers see 'Registration completed' until they close it.
    if (action.payload.selectedRole === 'client') yield call(changeQuery, { register: null });
  } catch (error) {
    yield put(registrationFailed(failureMessage(error)));
  }
}

function* requestReset(action: ReturnType<typeof resetRequested>) {
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, { method: 'POST', path: '/auth/reset', body: action.payload, ...withCaptcha(action.meta.captcha) });
    yield put(resetSucceeded());
    yield put(navigationRequested({ pathname: '/reset-password', search: '', mode: 'push' }));
  } catch (error) {
    yield put(resetFailed(resetErrorMessage(error)));
  }
}

function* logout() {
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, { method: 'POST', path: '/auth/logout' });
  } catch (error) {
    // SPEC §8: an error toast with the server's message; the local session ends all the same.
    yield put(errorToastShown(errorMessage(error)));
  }
  yield put(accountStreamStopped());
  yield put(loggedOut());
  // A dashboard or admin page is not left showing to a guest: its access is decided again.
  const { pathname, search }: { pathname: string; search: string } = yield* select(selectLocation);
  if (matchRoute(pathname)?.route.sitePage) yield put(navigationRequested({ pathname, search, mode: 'replace' }));
}

function* loadCountries() {
  const countries = yield* select(selectCountries);
  if (countries.length > 0) return;
  const api = yield* fromContext('api');
  try {
    const list = yield* apiCall(api, { method: 'GET', path: '/countries' });
    assert(list, CountryListSchema);
    yield put(countriesLoaded(list));
  } catch (error) {
    yield put(backgroundReadFailed({ what: 'countries', message: errorMessage(error) }));
  }
}

export function* authSagas() {
  yield takeLatest(countriesRequested.type, loadCountries);
  yield fork(watchLogin);
  yield takeLatest(registrationRequested.type, register);
  yield takeLatest(resetRequested.type, requestReset);
  yield takeEvery(logoutRequested.type, logout);
}
