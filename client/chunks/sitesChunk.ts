import type { ComponentType } from 'react';
import type { RouteName } from '../../shared/routes/routeTable';
import { DashboardHomePage } from '../features/sites/DashboardHomePage';
import { AdminHomePage } from '../features/sites/AdminHomePage';
import { AdminProducersPage } from '../features/adminLists/AdminProducersPage';
import { AdminBuyersPage } from '../features/adminLists/AdminBuyersPage';
import { AdminTracksPage } from '../features/adminLists/AdminTracksPage';
import { AdminOrdersPage } from '../features/adminLists/AdminOrdersPage';
import { AdminBuyerPage } from '../features/adminLists/AdminBuyerPage';
import { AdminProducerPage } from '../features/adminLists/AdminProducerPage';
import { AdminTrackPage } from '../features/adminLists/AdminTrackPage';
import { AdminOrderPage } from '../features/adminLists/AdminOrderPage';
import { AccountPage } from '../features/studio/AccountPage';
import { AccountSettings } from '../features/account/AccountSettings';
import { MyBeatsPage } from '../features/studio/MyBeatsPage';
import { PendingProducersPage } from '../features/moderation/PendingProducersPage';
import { PendingTracksPage } from '../features/moderation/PendingTracksPage';
import { ReportedTracksPage } from '../features/moderation/ReportedTracksPage';
import { PurchasesPage } from '../features/library/PurchasesPage';
import { SalesPage } from '../features/library/SalesPage';
import { FollowingPage } from '../features/buyer/FollowingPage';
import { WishlistPage } from '../features/buyer/WishlistPage';
import { SupportPage } from '../features/buyer/SupportPage';
import { MyCustomOrderPage, MyCustomOrdersPage, ProducerCustomOrderPage, ShopCustomOrderPage, ShopCustomOrdersPage } from '../features/customOrders/CustomOrderPages';
import { CustomServicesPage } from '../features/producerOffers/CustomServicesPage';
import { CouponsPage } from '../features/money/CouponsPage';
import { MyStatementsPage } from '../features/money/MyStatementsPage';
import { PayoutsPage } from '../features/money/PayoutsPage';
import { StatementPage, StatementsPage } from '../features/money/StatementsPage';
import { AnalyticsConsolePage } from '../features/analyticsConsole/AnalyticsConsolePage';

/** The `sites` chunk: the dashboard's and the admin console's pages, for signed-in producers, buyers and staff. */
export const PAGES: Readonly<Partial<Record<RouteName, ComponentType>>> = {
  'dashboard-home': DashboardHomePage,
  'admin-home': AdminHomePage,
  'admin-producers': AdminProducersPage,
  'dashboard-account': AccountPage,
  'dashboard-beats': MyBeatsPage,
  'admin-producers-pending': PendingProducersPage,
  'admin-tracks-pending': PendingTracksPage,
  'admin-tracks-reported': ReportedTracksPage,
  'dashboard-purchases': PurchasesPage,
  'dashboard-sales': SalesPage,
  'dashboard-following': FollowingPage,
  'dashboard-wishlist': WishlistPage,
  'dashboard-support': SupportPage,
  'dashboard-services': MyCustomOrdersPage,
  'dashboard-services-id': MyCustomOrderPage,
  'admin-custom-orders': ShopCustomOrdersPage,
  'admin-custom-orders-id': ShopCustomOrderPage,
  'admin-producer': AdminProducerPage,
  'admin-buyers': AdminBuyersPage,
  'admin-buyer': AdminBuyerPage,
  'admin-tracks': AdminTracksPage,
  'admin-track': AdminTrackPage,
  'admin-orders': AdminOrdersPage,
  'admin-order': AdminOrderPage,
  'admin-coupons': CouponsPage,
  'admin-payouts': PayoutsPage,
  'admin-statements': StatementsPage,
  'admin-statement': StatementPage,
  'dashboard-statements': MyStatementsPage,
  'dashboard-custom-services': CustomServicesPage,
  'dashboard-custom-services-id': ProducerCustomOrderPage,
  'admin-account': AccountSettings,
  'admin-analytics': AnalyticsConsolePage,
};
