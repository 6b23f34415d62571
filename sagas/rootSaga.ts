import { all, call } from 'redux-saga/effects';
import type { ActionLogRecorder } from '../shared/actionLog/recorder';
import { shipActionLog } from './actionLog/shipActionLog';
import { accountStreamSagas } from './auth/accountStreamSaga';
import { authSagas } from './auth/authSagas';
import { popupSagas } from './auth/popupSagas';
import { accountPageSagas } from './auth/accountPageSagas';
import { proModeSaga } from './auth/proModeSaga';
import { refreshLoginAtStartup } from './auth/startupRefresh';
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

/** The sagas of a running browser session. */
export function* browserRootSaga(recorder: ActionLogRecorder) {
  yield all([
    call(watchNavigation),
    call(shipActionLog, recorder),
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
    call(refreshLoginAtStartup),
  ]);
}
