import type { UnknownAction } from '@reduxjs/toolkit';
import { delay, put, race, take, takeLatest } from 'redux-saga/effects';
import { TIMERS_MS } from '../../shared/domain/constants';
import { navigationArrived, navigationRequested } from '../../shared/features/navigation/navigationSlice';
import { progressFinished, progressHidden, progressStarted, selectProgress } from '../../shared/features/shell/shellSlice';
import { select } from 'typed-redux-saga';

/**
 * SPEC §4 "Progress bar": shown only when a page takes longer than the 200 ms throttle; it then
 * runs (the bar's own 5 s animation), and hides 500 ms after the page arrives, in the failure
 * colour when the page failed. A newer navigation takes over a running bar.
 */
function* trackPageLoad() {
  const progress = yield* select(selectProgress);
  if (progress.phase !== 'running') {
    if (progress.phase !== 'idle') yield put(progressHidden());
    const { arrived } = (yield race({
      arrived: take(navigationArrived.type),
      throttled: delay(TIMERS_MS.progressBarThrottle),
    })) as { arrived?: UnknownAction };
    if (arrived) return;
    yield put(progressStarted());
  }
  const arrival: ReturnType<typeof navigationArrived> = yield take(navigationArrived.type);
  yield put(progressFinished({ failed: arrival.payload.error !== null }));
  yield delay(TIMERS_MS.progressBarHide);
  yield put(progressHidden());
}

export function* progressBarSaga() {
  yield takeLatest(navigationRequested.type, trackPageLoad);
}
