import { call, delay, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { TIMERS_MS } from '../../shared/domain/constants';
import { changeQuery } from '../navigation/changeQuery';
import { logoutRequested } from '../../shared/features/auth/authSlice';
import { changeQueryRequested } from '../navigation/queryActions';
import { popupClosed, popupOpened, popupSwitched, sellerSwitchedToBuyer } from './popupActions';

export function* popupSagas() {
  yield takeEvery(popupOpened.type, function* ({ payload }: ReturnType<typeof popupOpened>) {
    yield call(changeQuery, { [payload]: 'true' });
  });
  // Closing removes only the popup's own key (SPEC §2 "Registration popup").
  yield takeEvery(popupClosed.type, function* ({ payload }: ReturnType<typeof popupClosed>) {
    yield call(changeQuery, { [payload]: null });
  });
  yield takeEvery(changeQueryRequested.type, function* ({ payload }: ReturnType<typeof changeQueryRequested>) {
    yield call(changeQuery, payload);
  });
  yield takeLatest(sellerSwitchedToBuyer.type, function* () {
    yield put(logoutRequested());
    yield delay(TIMERS_MS.popupSwitch);
    yield call(changeQuery, { login: 'true' });
  });
  yield takeLatest(popupSwitched.type, function* ({ payload }: ReturnType<typeof popupSwitched>) {
    yield call(changeQuery, { [payload.from]: null });
    yield delay(TIMERS_MS.popupSwitch);
    yield call(changeQuery, { [payload.to]: 'true' });
  });
}
