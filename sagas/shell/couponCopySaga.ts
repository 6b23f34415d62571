import { createAction } from '@reduxjs/toolkit';
import { call, put, takeLatest } from 'redux-saga/effects';
import { errorToastShown, notificationShown } from '../../shared/features/notifications/notificationsSlice';
import { fromContext } from '../fromContext';

/** A click on the announcement bar: copy its coupon code. */
export const couponCopyRequested = createAction<string>('shell/couponCopyRequested');

const couponCopiedMessage = (code: string) => `Coupon code ${code} copied to the clipboard`;

function* copyCoupon({ payload: code }: ReturnType<typeof couponCopyRequested>) {
  const clipboard = yield* fromContext('clipboard');
  try {
    if (!clipboard) throw new Error('No clipboard');
    yield call([clipboard, clipboard.writeText], code);
    yield put(notificationShown('copy', couponCopiedMessage(code)));
  } catch {
    // A browser that refuses the clipboard (no permission, insecure origin) still tells the code.
    yield put(errorToastShown(`Could not copy; the coupon code is ${code}`));
  }
}

export function* couponCopySaga() {
  yield takeLatest(couponCopyRequested.type, copyCoupon);
}
