import { put } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { ApiError } from '../../shared/api/apiClient';
import { loggedOut, selectUser, userRefreshed } from '../../shared/features/auth/authSlice';
import { UserSchema } from '../../shared/schemas/auth';
import { accountStreamStopped } from './accountStreamActions';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/**
 * GET /auth/checkhealth, for the server's render, the browser's start-up refresh and the check
 * when the page becomes visible (SPEC §4, §8): the user is refreshed; 401 closes the stream and
 * logs out; 403 is logged out; no answer changes nothing. Says whether the session is alive.
 */
export function* checkHealth() {
  const api = yield* fromContext('api');
  try {
    const user = yield* apiCall(api, { method: 'GET', path: '/auth/checkhealth' });
    assert(user, UserSchema);
    yield put(userRefreshed(user));
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || (error.statusCode !== 401 && error.statusCode !== 403)) return false;
    const current = yield* select(selectUser);
    if (!current) return false;
    if (error.statusCode === 401) yield put(accountStreamStopped());
    yield put(loggedOut());
    return false;
  }
}
