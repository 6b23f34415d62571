import { delay, takeEvery, takeLatest, call } from 'redux-saga/effects';
import { TIMERS_MS } from '../../shared/domain/constants';
import { changeQuery } from '../navigation/changeQuery';
import { popupClosed, popupOpened, popupSwitched } from './popupActions';

export function* popupSagas() {
  yield takeEvery(popupOpened.type, function* ({ payload }: ReturnType<typeof popupOpened>) {
    yield call(changeQuery, { [payload]: 'true' });
  });
  // Closing removes only the popup's own key (SPEC §2 "Registration popup").
  yield takeEvery(popupClosed.type, function* ({ payload }: ReturnType<typeof popupClosed>) {
    yield call(changeQuery, { [payload]: null });
  });
  yield takeLatest(popupSwitched.type, function* ({ payload }: ReturnType<typeof popupSwitched>) {
    yield call(changeQuery, { [payload.from]: null });
    yield delay(TIMERS_MS.popupSwitch);
    yield call(changeQuery, { [payload.to]: 'true' });
  });
}
