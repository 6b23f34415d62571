import { put, takeEvery, takeLeading } from 'redux-saga/effects';
import { assert } from 'superstruct';
import type { ApiRequest } from '../../shared/api/apiClient';
import {
  balancesLoaded,
  couponBusyKey,
  couponExpireKey,
  couponExpireRequested,
  couponSaved,
  couponSaveRequested,
  couponsLoaded,
  moneyCallFailed,
  myEarningsLoaded,
  myEarningsRequested,
  payoutRecorded,
  payoutRequested,
  statementLoaded,
  statementsLoaded,
} from '../../shared/features/money/moneySlice';
import { errorToastShown } from '../../shared/features/notifications/notificationsSlice';
import { AdminCouponAnswerSchema, AdminCouponListSchema } from '../../shared/schemas/coupons';
import { MyEarningsSchema, PayoutAnswerSchema, ProducerBalanceListSchema, StatementDetailSchema, StatementListSchema } from '../../shared/schemas/earnings';
import { failureMessage } from '../failureMessage';
import type { PreloadInput } from '../navigation/routePreloaders';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

function* request(call_: ApiRequest) {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, call_);
  return answer;
}

/** Preload of `Coupons` (`/admin/coupons`). */
export function* loadAdminCoupons() {
  const answer: unknown = yield* request({ method: 'GET', path: '/admin/coupons' });
  assert(answer, AdminCouponListSchema);
  yield put(couponsLoaded(answer.coupons));
}

/** Preload of `Payouts` (`/admin/payouts`). */
export function* loadPayouts() {
  const answer: unknown = yield* request({ method: 'GET', path: '/admin/payouts' });
  assert(answer, ProducerBalanceListSchema);
  yield put(balancesLoaded(answer.producers));
}

/** Preload of `Reports (statements)` (`/admin/statements`). */
export function* loadStatements() {
  const answer: unknown = yield* request({ method: 'GET', path: '/admin/statements' });
  assert(answer, StatementListSchema);
  yield put(statementsLoaded(answer.statements));
}

/** Preload of one statement (`/admin/statements/:producerId/:month`, read from `/admin/statements/:producerId/months/:month`). */
export function* loadStatement({ params }: PreloadInput) {
  const answer: unknown = yield* request({ method: 'GET', path: `/admin/statements/${encodeURIComponent(params.producerId ?? '')}/months/${encodeURIComponent(params.month ?? '')}` });
  assert(answer, StatementDetailSchema);
  yield put(statementLoaded(answer));
}

/** Preload of the producer's `Statements` (`/statements` on the dashboard site), and the balance on their home. */
export function* loadMyEarnings() {
  const answer: unknown = yield* request({ method: 'GET', path: '/producer/earnings' });
  assert(answer, MyEarningsSchema);
  yield put(myEarningsLoaded(answer));
}

function* saveCoupon(action: ReturnType<typeof couponSaveRequested>) {
  const save = action.payload;
  const key = couponBusyKey(save);
  try {
    const answer: unknown = yield* request(
      save.kind === 'create'
        ? { method: 'POST', path: '/admin/coupons', body: save.coupon }
        : { method: 'PUT', path: `/admin/coupons/${encodeURIComponent(save.code)}`, body: save.terms },
    );
    assert(answer, AdminCouponAnswerSchema);
    const verb = save.kind === 'create' ? 'created' : 'saved';
    yield put(couponSaved({ coupon: answer.coupon, key, message: `Coupon ${answer.coupon.code} ${verb}.` }));
  } catch (error) {
    yield put(moneyCallFailed(key));
    yield put(errorToastShown(failureMessage(error)));
  }
}

function* expireCoupon(action: ReturnType<typeof couponExpireRequested>) {
  const key = couponExpireKey(action.payload);
  try {
    const answer: unknown = yield* request({ method: 'POST', path: `/admin/coupons/${encodeURIComponent(action.payload)}/expire` });
    assert(answer, AdminCouponAnswerSchema);
    yield put(couponSaved({ coupon: answer.coupon, key, message: `Coupon ${answer.coupon.code} expired: it no longer works.` }));
  } catch (error) {
    yield put(moneyCallFailed(key));
    yield put(errorToastShown(failureMessage(error)));
  }
}

function* sendPayout(action: ReturnType<typeof payoutRequested>) {
  try {
    const answer: unknown = yield* request({ method: 'POST', path: '/admin/payouts', body: action.payload });
    assert(answer, PayoutAnswerSchema);
    yield put(payoutRecorded({ amountCents: answer.payout.amountCents, reference: answer.payout.reference, balance: answer.balance }));
  } catch (error) {
    yield put(moneyCallFailed(`payout:${action.payload.producerId}`));
    yield put(errorToastShown(failureMessage(error)));
  }
}

function* refreshMyEarnings() {
  try {
    yield* loadMyEarnings();
  } catch (error) {
    yield put(errorToastShown(failureMessage(error)));
  }
}

/** Coupon and payout changes, each its own call; a payout waits for the one before (a double click pays once anyway). */
export function* moneySagas() {
  yield takeEvery(couponSaveRequested.match, saveCoupon);
  yield takeEvery(couponExpireRequested.match, expireCoupon);
  yield takeLeading(payoutRequested.match, sendPayout);
  yield takeLeading(myEarningsRequested.match, refreshMyEarnings);
}
