import { all, call } from 'redux-saga/effects';
import type { ActionLogRecorder } from '../shared/actionLog/recorder';
import { shipActionLog } from './actionLog/shipActionLog';
import { watchNavigation } from './navigation/navigationSaga';

/** The sagas of a running browser session. */
export function* browserRootSaga(recorder: ActionLogRecorder) {
  yield all([call(watchNavigation), call(shipActionLog, recorder)]);
}
