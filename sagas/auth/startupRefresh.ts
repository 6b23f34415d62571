import { call, delay, put } from 'redux-saga/effects';
import { mask, StructError } from 'superstruct';
import { ApiError, type ApiClient } from '../../shared/api/apiClient';
import { loggedOut, selectUser, userRefreshed } from '../../shared/features/auth/authSlice';
import { type User, UserSchema } from '../../shared/schemas/auth';
import { accountStreamStarted } from './accountStreamActions';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/**
 * How long a refresh that got no answer waits before asking again. A page being left has its
 * calls cancelled by the browser as the next page arrives, and is gone well within this pause.
 */
export const NO_ANSWER_RETRY_MS = 1000;

/** No answer at all (the call was cancelled or the network is down), as opposed to a refusal or a wrong answer. */
const gotNoAnswer = (error: unknown) => (error instanceof ApiError ? error.statusCode === 0 : !(error instanceof StructError));

function* askForUser(api: ApiClient): Generator<unknown, User, unknown> {
  const answer = yield* apiCall(api, { method: 'GET', path: '/auth/checkhealth' });
  return mask(answer, UserSchema);
}

/**
 * SPEC §4: the browser's start-up refresh of the login data. A member whose data cannot be
 * refreshed — refused, a server error, no answer, an answer that is not a user — is logged out
 * and their data cleared, rather than shown a session nobody could confirm. (The check when the
 * page becomes visible again keeps SPEC §8's narrower rules: checkHealth.ts.)
 *
 * A refresh with no answer is asked once more after a pause before it counts as failed. Reloading
 * a page while its refresh was on its way cancelled that call, and the page being left took it
 * for a failed refresh: it logged out, and its POST /auth/logout ended on the server the session
 * the next page had just been rendered with, whose own refresh then got 401. The page being left
 * no longer lives to the second try; a network that is really down fails it and still logs out.
 */
export function* refreshLoginAtStartup() {
  const current = yield* select(selectUser);
  if (!current) return;
  const api = yield* fromContext('api');
  let user: User;
  try {
    user = yield call(askForUser, api);
  } catch (error) {
    if (!gotNoAnswer(error)) {
      yield call(logOutHere, api);
      return;
    }
    yield delay(NO_ANSWER_RETRY_MS);
    try {
      user = yield call(askForUser, api);
    } catch {
      yield call(logOutHere, api);
      return;
    }
  }
  yield put(userRefreshed(user));
  yield put(accountStreamStarted());
}

function* logOutHere(api: ApiClient) {
  yield put(loggedOut());
  yield call(endServerSession, api);
}

/** The session may still be alive on the server (a 500, a lost answer): end it there too, if the server can be reached. */
function* endServerSession(api: ApiClient) {
  try {
    yield* apiCall(api, { method: 'POST', path: '/auth/logout' });
  } catch {
    // Unreachable or already ended: the browser has logged out all the same.
  }
}
