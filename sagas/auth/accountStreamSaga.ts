import { type EventChannel, eventChannel } from 'redux-saga';
import { call, cancelled, delay, put, take, takeLatest } from 'redux-saga/effects';
import type { OpenAccountStream } from '../../shared/api/accountStream';
import { STREAM_MAX_RETRIES, TIMERS_MS } from '../../shared/domain/constants';
import { loggedOut, selectUser, userRefreshed } from '../../shared/features/auth/authSlice';
import type { User } from '../../shared/schemas/auth';
import { accountStreamStarted, accountStreamStopped, pageBecameVisible } from './accountStreamActions';
import { checkHealth } from './checkHealth';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';

type StreamSignal = { kind: 'message'; data: unknown } | { kind: 'error' };

function streamChannel(open: OpenAccountStream): EventChannel<StreamSignal> {
  return eventChannel((emit) =>
    open({ onMessage: (data) => emit({ kind: 'message', data }), onError: () => emit({ kind: 'error' }) }),
  );
}

/** Follows /account/sse; on a failure waits 5000 ms and reconnects, at most 1800 times. */
export function* followAccountStream() {
  const open = yield* fromContext('openAccountStream');
  if (!open) return;
  for (let attempt = 0; attempt <= STREAM_MAX_RETRIES; attempt++) {
    const channel: EventChannel<StreamSignal> = yield call(streamChannel, open);
    try {
      for (;;) {
        const signal: StreamSignal = yield take(channel);
        if (signal.kind === 'error') break;
        // SPEC §4: a null message means the session ended elsewhere.
        if (signal.data === null) {
          yield put(loggedOut());
          return;
        }
        const user = (signal.data as { user?: User }).user;
        if (user) yield put(userRefreshed(user));
      }
    } finally {
      channel.close();
      if ((yield cancelled()) as boolean) return;
    }
    yield delay(TIMERS_MS.streamRetry);
  }
}

function* onPageVisible() {
  const user = yield* select(selectUser);
  if (!user) return;
  yield delay(TIMERS_MS.healthRecheck);
  yield call(checkHealth);
}

export function* accountStreamSagas() {
  // Any of these ends the running stream; only a start opens a new one.
  yield takeLatest([accountStreamStarted.type, accountStreamStopped.type, loggedOut.type], function* (action: { type: string }) {
    if (action.type === accountStreamStarted.type) yield call(followAccountStream);
  });
  yield takeLatest(pageBecameVisible.type, onPageVisible);
}
