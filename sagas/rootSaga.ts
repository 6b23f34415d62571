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
import { moderationSagas } from './moderation/moderationSagas';
import { customOrderSagas } from './customOrders/customOrderSagas';
import { producerOfferSagas } from './producerOffers/producerOfferSagas';
import { adminListSagas } from './adminLists/adminListSagas';
import { supportSagas } from './support/supportSagas';
import { analyticsReportSagas } from './analyticsReports/analyticsReportSagas';
import { analyticsConsoleSagas } from './analyticsConsole/analyticsConsoleSagas';
import { moneySagas } from './money/moneySagas';
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
import { keepFlowAlive } from './keepFlowAlive';
import { studioSagas } from './studio/studioSagas';
import { librarySagas } from './library/librarySagas';
import { buyerSagas } from './buyer/buyerSagas';
import { accountSagas } from './account/accountSagas';

/** Every long-running flow of a browser session, by the name its log lines carry. */
const FLOWS = {
  navigation: watchNavigation,
  auth: authSagas,
  'account stream': accountStreamSagas,
  popups: popupSagas,
  'account pages': accountPageSagas,
  'PRO mode': proModeSaga,
  beats: beatsSagas,
  producer: producerSagas,
  'tag search': tagSearchSaga,
  notifications: notificationsSaga,
  'progress bar': progressBarSaga,
  'coupon copy': couponCopySaga,
  pages: pageSagas,
  player: playerSagas,
  cart: cartSagas,
  wishlist: wishlistSagas,
  checkout: checkoutSagas,
  studio: studioSagas,
  moderation: moderationSagas,
  library: librarySagas,
  buyer: buyerSagas,
  'custom orders': customOrderSagas,
  'producer offers': producerOfferSagas,
  money: moneySagas,
  'start-up refresh': refreshLoginAtStartup,
  'admin lists': adminListSagas,
  'account settings': accountSagas,
  support: supportSagas,
  'analytics reports': analyticsReportSagas,
  'analytics console': analyticsConsoleSagas,
} as const;

/**
 * The sagas of a running browser session, each with a boundary of its own (keepFlowAlive); the
 * action log ships when the page has one.
 */
export function* browserRootSaga(recorder: ActionLogRecorder | null) {
  yield all([
    ...(recorder ? [call(keepFlowAlive, 'action log', shipActionLog, recorder)] : []),
    ...Object.entries(FLOWS).map(([name, flow]) => call(keepFlowAlive, name, flow)),
  ]);
}
