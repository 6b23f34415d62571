import { delay, put, race, select, take, takeLatest } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { TIMERS_MS } from '../../shared/domain/constants';
import {
  errorToastHidden,
  errorToastHovered,
  errorToastShown,
  notificationHidden,
  notificationShown,
  selectErrorToastHovered,
} from '../../shared/features/notifications/notificationsSlice';

/** SPEC §4 "Notifications": a toast hides after 4500 ms, the copy toast after 1500 ms; a newer one restarts the timer. */
function* hideNotification({ payload }: ReturnType<typeof notificationShown>) {
  yield delay(payload.kind === 'copy' ? TIMERS_MS.copyNotification : TIMERS_MS.notification);
  yield put(notificationHidden(payload.id));
}

const pointerLeft = (action: Action) => errorToastHovered.match(action) && !action.payload;
const pointerEntered = (action: Action) => errorToastHovered.match(action) && action.payload;

/** The error toast stays 5 s, and as long as the pointer is over it; leaving gives another 5 s to finish reading. */
function* hideErrorToast({ payload }: ReturnType<typeof errorToastShown>) {
  for (;;) {
    if ((yield select(selectErrorToastHovered)) as boolean) yield take(pointerLeft);
    const { expired } = (yield race({ expired: delay(TIMERS_MS.errorToast), hovered: take(pointerEntered) })) as {
      expired?: true;
    };
    if (expired) break;
  }
  yield put(errorToastHidden(payload.id));
}

export function* notificationsSaga() {
  yield takeLatest(notificationShown.type, hideNotification);
  yield takeLatest(errorToastShown.type, hideErrorToast);
}
