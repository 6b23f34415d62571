import { call, getContext, put, select } from 'redux-saga/effects';
import { mask } from 'superstruct';
import type { ApiClient } from '../../shared/api/apiClient';
import { loggedOut, selectUser, userRefreshed } from '../../shared/features/auth/authSlice';
import { type User, UserSchema } from '../../shared/schemas/auth';
import { accountStreamStarted } from './accountStreamActions';

/**
 * SPEC §4: the browser's start-up refresh of the login data. A member whose data cannot be
 * refreshed — refused, a server error, no answer, an answer that is not a user — is logged out
 * and their data cleared, rather than shown a session nobody could confirm. (The check when the
 * page becomes visible again keeps SPEC §8's narrower rules: checkHealth.ts.)
 */
export function* refreshLoginAtStartup() {
  const current: User | null = yield select(selectUser);
  if (!current) return;
  const api: ApiClient = yield getContext('api');
  let user: User;
  try {
    const answer: unknown = yield call([api, api.request], { method: 'GET', path: '/auth/checkhealth' });
    user = mask(answer, UserSchema);
  } catch {
    yield put(loggedOut());
    yield call(endServerSession, api);
    return;
  }
  yield put(userRefreshed(user));
  yield put(accountStreamStarted());
}

/** The session may still be alive on the server (a 500, a lost answer): end it there too, if the server can be reached. */
function* endServerSession(api: ApiClient) {
  try {
    yield call([api, api.request], { method: 'POST', path: '/auth/logout' });
  } catch {
    // Unreachable or already ended: the browser has logged out all the same.
  }
}
