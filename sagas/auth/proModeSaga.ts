import { put, takeEvery } from 'redux-saga/effects';
import { effectiveRole } from '../../shared/domain/auth/roles';
import {
  loggedOut,
  loginSucceeded,
  proModeChanged,
  registrationSucceeded,
  selectProMode,
  selectUser,
  userRefreshed,
} from '../../shared/features/auth/authSlice';
import type { User } from '../../shared/schemas/auth';
import { select } from 'typed-redux-saga';

const isProMode = (user: User | null) => user !== null && (user.isProBuyer || effectiveRole(user.roles) === 'producer');

/** SPEC §6: a pro-mode change is announced when PRO status changes, and on login or logout of PRO users. */
function* announceProMode() {
  const user = yield* select(selectUser);
  const wasPro = yield* select(selectProMode);
  if (isProMode(user) !== wasPro) yield put(proModeChanged(isProMode(user)));
}

export function* proModeSaga() {
  yield takeEvery([loginSucceeded.type, registrationSucceeded.type, userRefreshed.type, loggedOut.type], announceProMode);
}
