import type { Task } from 'redux-saga';
import { call, cancel, delay, fork, put, take, takeLeading } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { loggedOut } from '../../shared/features/auth/authSlice';
import { navigationArrived, selectRouteName } from '../../shared/features/navigation/navigationSlice';
import {
  beatEditRefused,
  beatEditSaved,
  beatEditSubmitted,
  beatRemovalConfirmed,
  beatRemovalFailed,
  beatRemoved,
  selectStudioBeats,
  studioBeatsLoaded,
  verificationFormSent,
  verificationRefused,
  verificationSending,
  verificationSubmitted,
} from '../../shared/features/studio/studioSlice';
import { VerificationAnswerSchema } from '../../shared/schemas/verification';
import { beatUploadSagas } from './beatUploadSaga';
import { refusalOf } from './refusal';
import { rereadStudioBeats } from './studioPageSagas';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/** How often `My beats` is read again while a beat is processing. */
export const PROCESSING_POLL_MS = 2000;

function* sendVerification(action: ReturnType<typeof verificationFormSent>) {
  const api = yield* fromContext('api');
  yield put(verificationSending());
  try {
    const answer = yield* apiCall(api, { method: 'POST', path: '/producer/verification', body: action.payload });
    assert(answer, VerificationAnswerSchema);
    yield put(verificationSubmitted(answer));
  } catch (error) {
    yield put(verificationRefused(refusalOf(error)));
  }
}

function* saveBeat(action: ReturnType<typeof beatEditSubmitted>) {
  const { productId, details } = action.payload;
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, { method: 'PUT', path: `/studio/beats/${productId}`, body: details });
  } catch (error) {
    yield put(beatEditRefused({ productId, ...refusalOf(error) }));
    return;
  }
  yield put(beatEditSaved({ productId }));
  yield call(rereadStudioBeats);
}

function* removeBeat(action: ReturnType<typeof beatRemovalConfirmed>) {
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, { method: 'DELETE', path: `/studio/beats/${action.payload}` });
    yield put(beatRemoved(action.payload));
  } catch (error) {
    yield put(beatRemovalFailed({ productId: action.payload, message: refusalOf(error).message }));
  }
}

/** Reads the list again every PROCESSING_POLL_MS while `My beats` is open and a beat on it is processing. */
function* pollWhileProcessing() {
  for (;;) {
    const routeName = yield* select(selectRouteName);
    const list = yield* select(selectStudioBeats);
    if (routeName !== 'dashboard-beats' || !list?.beats.some((beat) => beat.status === 'processing')) return;
    yield delay(PROCESSING_POLL_MS);
    // Its `studioBeatsLoaded` restarts this loop (watchProcessing); a failed read is tried again.
    yield call(rereadStudioBeats);
  }
}

/** Every new list, page change or logout decides afresh whether to keep reading (and stops the wait under way). */
function* watchProcessing() {
  let polling: Task = yield fork(pollWhileProcessing);
  for (;;) {
    yield take([studioBeatsLoaded.type, navigationArrived.type, loggedOut.type]);
    yield cancel(polling);
    polling = yield fork(pollWhileProcessing);
  }
}

/** The producer's studio: verification, edits, delisting, uploads, and the list kept fresh while beats process. */
export function* studioSagas() {
  // takeLeading: a second click while one is on its way is ignored.
  yield takeLeading(verificationFormSent.type, sendVerification);
  yield takeLeading(beatEditSubmitted.type, saveBeat);
  yield takeLeading(beatRemovalConfirmed.type, removeBeat);
  yield fork(watchProcessing);
  yield fork(beatUploadSagas);
}
