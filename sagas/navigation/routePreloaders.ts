import { loadProducerPage } from '../producer/producerSagas';
import { loadProductPage } from '../product/productSagas';
import type { RouteMatch } from '../../shared/routes/matchRoute';
import type { RouteName } from '../../shared/routes/routeTable';
import { loadAdminDashboard, loadDashboardWithReport } from '../analyticsReports/analyticsReportSagas';
import {
  loadAdminBuyer,
  loadAdminBuyers,
  loadAdminOrder,
  loadAdminOrders,
  loadAdminProducer,
  loadAdminProducers,
  loadAdminTrack,
  loadAdminTracks,
} from '../adminLists/adminListSagas';
import { loadPendingProducers, loadPendingTracks, loadReportedTracks } from '../moderation/moderationSagas';
import { checkResetLink, confirmEmail } from '../auth/accountPageSagas';
import { loadBeats } from '../catalogue/beatsSagas';
import { loadHomeTracks } from '../catalogue/loadHomeTracks';
import { loadProMembership } from '../proMembership/loadProMembership';
import { loadSoundServices } from '../pages/pageSagas';
import { loadCart } from '../cart/loadCart';
import { loadAccountPage, loadMyBeats } from '../studio/studioPageSagas';
import { loadPurchases, loadSales } from '../library/librarySagas';
import { loadFollowing, loadSupportPage, loadWishlistPage } from '../buyer/buyerSagas';
import { loadMyCustomOrder, loadMyCustomOrders, loadProducerCustomOrder, loadShopCustomOrder, loadShopCustomOrders } from '../customOrders/customOrderSagas';
import { loadCustomServices } from '../producerOffers/producerOfferSagas';
import { loadAdminCoupons, loadMyEarnings, loadPayouts, loadStatement, loadStatements } from '../money/moneySagas';
import { readAccount } from '../account/accountSagas';
import { loadSupportSession, loadSupportSessions } from '../support/supportSagas';
import { loadAnalyticsConsole } from '../analyticsConsole/analyticsConsoleSagas';

export interface PreloadInput {
  params: RouteMatch['params'];
  query: URLSearchParams;
}

/** The sagas that fetch a route's page data; the server runs them to completion before rendering. */
export const ROUTE_PRELOADERS: Readonly<Partial<Record<RouteName, (input: PreloadInput) => Generator>>> = {
  index: loadHomeTracks,
  beats: loadBeats,
  'email-confirmation-token': confirmEmail,
  'reset-password-token': checkResetLink,
  id: loadProducerPage,
  'beatmaker-id': loadProducerPage,
  'product-id': loadProductPage,
  'pro-membership': loadProMembership,
  services: loadSoundServices,
  cart: () => loadCart(),
  'dashboard-home': loadDashboardWithReport,
  'admin-home': loadAdminDashboard,
  'admin-producers': loadAdminProducers,
  'dashboard-account': loadAccountPage,
  'dashboard-beats': loadMyBeats,
  'admin-producers-pending': loadPendingProducers,
  'admin-tracks-pending': loadPendingTracks,
  'admin-tracks-reported': loadReportedTracks,
  'dashboard-purchases': loadPurchases,
  'dashboard-sales': loadSales,
  'dashboard-following': loadFollowing,
  'dashboard-wishlist': loadWishlistPage,
  'dashboard-support': loadSupportPage,
  'dashboard-services': loadMyCustomOrders,
  'dashboard-services-id': loadMyCustomOrder,
  'admin-custom-orders': loadShopCustomOrders,
  'admin-custom-orders-id': loadShopCustomOrder,
  'admin-producer': loadAdminProducer,
  'admin-buyers': loadAdminBuyers,
  'admin-buyer': loadAdminBuyer,
  'admin-tracks': loadAdminTracks,
  'admin-track': loadAdminTrack,
  'admin-orders': loadAdminOrders,
  'admin-order': loadAdminOrder,
  'admin-coupons': loadAdminCoupons,
  'admin-payouts': loadPayouts,
  'admin-statements': loadStatements,
  'admin-statement': loadStatement,
  'dashboard-statements': loadMyEarnings,
  'dashboard-custom-services': loadCustomServices,
  'dashboard-custom-services-id': loadProducerCustomOrder,
  'admin-account': readAccount,
  'admin-support-sessions': loadSupportSessions,
  'admin-support-session': loadSupportSession,
  'admin-analytics': loadAnalyticsConsole,
};
