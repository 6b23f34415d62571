import { all, call, put, select } from 'redux-saga/effects';
import { selectUser } from '../shared/features/auth/authSlice';
import type { User } from '../shared/schemas/auth';
import type { ActionLogRecorder } from '../shared/actionLog/recorder';
import { shipActionLog } from './actionLog/shipActionLog';
import { accountStreamSagas } from './auth/accountStreamSaga';
import { authSagas } from './auth/authSagas';
import { checkHealth } from './auth/checkHealth';
import { accountStreamStarted } from './auth/accountStreamActions';
import { popupSagas } from './auth/popupSagas';
import { accountPageSagas } from './auth/accountPageSagas';
import { proModeSaga } from './auth/proModeSaga';
import { beatsSagas } from './catalogue/beatsSagas';
import { watchNavigation } from './navigation/navigationSaga';
import { pageSagas } from './pages/pageSagas';
import { playerSagas } from './player/playerSagas';
import { producerSagas } from './producer/producerSagas';
import { tagSearchSaga } from './tagSearch/tagSearchSaga';
import { couponCopySaga } from './shell/couponCopySaga';
import { notificationsSaga } from './shell/notificationsSaga';
import { progressBarSaga } from './shell/progressBarSaga';
import { cartSagas } from './cart/cartSagas';
import { wishlistSagas } from './wishlist/wishlistSagas';
import { checkoutSagas } from './checkout/checkoutSagas';

/** The sagas of a running browser session; the action log ships when the page has one. */
export function* browserRootSaga(recorder: ActionLogRecorder | null) {
  yield all([
    call(watchNavigation),
    ...(recorder ? [call(shipActionLog, recorder)] : []),
    call(authSagas),
    call(accountStreamSagas),
    call(popupSagas),
    call(accountPageSagas),
    call(proModeSaga),
    call(beatsSagas),
    call(producerSagas),
    call(tagSearchSaga),
    call(notificationsSaga),
    call(progressBarSaga),
    call(couponCopySaga),
    call(pageSagas),
    call(playerSagas),
    call(cartSagas),
    call(wishlistSagas),
    call(checkoutSagas),
    call(startSession),
  ]);
}

/** SPEC §4: the start-up refresh; a logged-in visitor follows the account stream. */
function* startSession() {
  const user: User | null = yield select(selectUser);
  if (!user) return;
  const stillLoggedIn: boolean = yield call(checkHealth);
  if (stillLoggedIn) yield put(accountStreamStarted());
}
