import { createAction } from '@reduxjs/toolkit';
import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import type { SagaContext } from '../../shared/store/makeStore';
import { errorToastShown, notificationShown } from '../../shared/features/notifications/notificationsSlice';

/** A click on the announcement bar: copy its coupon code. */
export const couponCopyRequested = createAction<string>('shell/couponCopyRequested');

const couponCopiedMessage = (code: string) => `Coupon code ${code} copied to the clipboard`;

function* copyCoupon({ payload: code }: ReturnType<typeof couponCopyRequested>) {
  const clipboard: SagaContext['clipboard'] = yield getContext('clipboard');
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
