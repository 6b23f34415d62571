import { call, put } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { effectiveRole } from '../../shared/domain/auth/roles';
import { selectUser } from '../../shared/features/auth/authSlice';
import { studioBeatsLoaded, verificationLoaded } from '../../shared/features/studio/studioSlice';
import { StudioBeatListSchema } from '../../shared/schemas/studioAnswers';
import { VerificationAnswerSchema } from '../../shared/schemas/verification';
import { readAccount } from '../account/accountSagas';
import { failureMessage } from '../failureMessage';
import { backgroundReadFailed } from '../shell/failureActions';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/** Reads the producer's beats (the page's preload, and each re-read while one is processing). */
export function* readStudioBeats() {
  const api = yield* fromContext('api');
  const list = yield* apiCall(api, { method: 'GET', path: '/studio/beats' });
  assert(list, StudioBeatListSchema);
  yield put(studioBeatsLoaded(list));
}

/** After a change the page already shows, a fresh list is a nicety: a failed read is logged, not shown. */
export function* rereadStudioBeats() {
  try {
    yield call(readStudioBeats);
  } catch (error) {
    yield put(backgroundReadFailed({ what: 'my beats, read again', message: failureMessage(error) }));
  }
}

/** Preload of `My beats` (`/dashboard/beats`). */
export function* loadMyBeats() {
  yield call(readStudioBeats);
}

/** Preload of `Account` (`/dashboard/account/profile`): the settings, and a producer's identity verification. */
export function* loadAccountPage() {
  yield call(readAccount);
  const user = yield* select(selectUser);
  if (!user || effectiveRole(user.roles) !== 'producer') return;
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: '/producer/verification' });
  assert(answer, VerificationAnswerSchema);
  yield put(verificationLoaded(answer));
}
