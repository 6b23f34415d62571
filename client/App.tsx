import type { ComponentType } from 'react';
import { selectPageError, selectRouteName } from '../shared/features/navigation/navigationSlice';
import { ErrorPage } from './features/errorPage/ErrorPage';
import { PageErrorBoundary } from './features/errorPage/PageErrorBoundary';
import { BeatsPage } from './features/catalogue/BeatsPage';
import { HomePage } from './features/home/HomePage';
import { RoutePage } from './features/pages/RoutePage';
import { CONTENT_PAGES, DocumentTitle } from './features/pages';
import { TermsPage } from './features/terms/TermsPage';
import { useAppSelector } from './store/hooks';
import { selectRegistration, selectServicesRefusal, selectUser } from '../shared/features/auth/authSlice';
import { effectiveRole } from '../shared/domain/auth/roles';
import { SellersUnavailablePopup } from './features/auth/SellersUnavailablePopup';
import { selectLocation } from '../shared/features/navigation/navigationSlice';
import { openUrlPopup } from '../shared/routes/popupQuery';
import { EmailConfirmationPage, ResetPasswordPage } from './features/auth/AccountPages';
import { LoginPopup } from './features/auth/LoginPopup';
import { RegistrationPopup } from './features/auth/RegistrationPopup';
import { ProducerPage } from './features/producer/ProducerPage';
import { ProductPage } from './features/product/ProductPage';
import { Shell } from './features/shell/Shell';
import { ProMembershipPage } from './features/proMembership/ProMembershipPage';
import { PlayerBar } from './features/player/PlayerBar';
import { CartPage } from './features/cart/CartPage';
import { isRouteName, type RouteName } from '../shared/routes/routeTable';
import { SITE_ROUTES } from '../shared/sites/siteRoutes';
import { SiteShell } from './features/sites/SiteShell';
import { DashboardHomePage } from './features/sites/DashboardHomePage';
import { AdminHomePage } from './features/sites/AdminHomePage';
import { AdminProducersPage } from './features/adminLists/AdminProducersPage';
import { AdminBuyersPage } from './features/adminLists/AdminBuyersPage';
import { AdminTracksPage } from './features/adminLists/AdminTracksPage';
import { AdminOrdersPage } from './features/adminLists/AdminOrdersPage';
import { AdminBuyerPage } from './features/adminLists/AdminBuyerPage';
import { AdminProducerPage } from './features/adminLists/AdminProducerPage';
import { AdminTrackPage } from './features/adminLists/AdminTrackPage';
import { AdminOrderPage } from './features/adminLists/AdminOrderPage';
import { AccountPage } from './features/studio/AccountPage';
import { AccountSettings } from './features/account/AccountSettings';
import { MyBeatsPage } from './features/studio/MyBeatsPage';
import { PendingProducersPage } from './features/moderation/PendingProducersPage';
import { PendingTracksPage } from './features/moderation/PendingTracksPage';
import { ReportedTracksPage } from './features/moderation/ReportedTracksPage';
import { PurchasesPage } from './features/library/PurchasesPage';
import { SalesPage } from './features/library/SalesPage';
import { FollowingPage } from './features/buyer/FollowingPage';
import { WishlistPage } from './features/buyer/WishlistPage';
import { SupportPage } from './features/buyer/SupportPage';
import { MyCustomOrderPage, MyCustomOrdersPage, ProducerCustomOrderPage, ShopCustomOrderPage, ShopCustomOrdersPage } from './features/customOrders/CustomOrderPages';
import { CustomServicesPage } from './features/producerOffers/CustomServicesPage';
import { CouponsPage } from './features/money/CouponsPage';
import { MyStatementsPage } from './features/money/MyStatementsPage';
import { PayoutsPage } from './features/money/PayoutsPage';
import { StatementPage, StatementsPage } from './features/money/StatementsPage';
import { SupportSessionPage } from './features/support/SupportSessionPage';
import { SupportSessionsPage } from './features/support/SupportSessionsPage';
import { AnalyticsConsolePage } from './features/analyticsConsole/AnalyticsConsolePage';

const PAGES: Readonly<Partial<Record<RouteName, ComponentType>>> = {
  index: HomePage,
  beats: BeatsPage,
  'email-confirmation-token': EmailConfirmationPage,
  'reset-password-token': ResetPasswordPage,
  'terms-and-conditions': TermsPage,
  id: ProducerPage,
  'beatmaker-id': ProducerPage,
  'product-id': ProductPage,
  'pro-membership': ProMembershipPage,
  ...CONTENT_PAGES,
  cart: CartPage,
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
  'admin-support-sessions': SupportSessionsPage,
  'admin-support-session': SupportSessionPage,
  'admin-analytics': AnalyticsConsolePage,
};

function UrlPopups() {
  const { search } = useAppSelector(selectLocation);
  const loggedIn = useAppSelector(selectUser) !== null;
  const registration = useAppSelector(selectRegistration);
  const user = useAppSelector(selectUser);
  const servicesRefusal = useAppSelector(selectServicesRefusal);
  const popup = openUrlPopup(search);
  // Authorized users get no login popup; a seller keeps 'Registration completed' until closing it.
  if (popup === 'login' && !loggedIn) return <LoginPopup />;
  const servicesAsked = new URLSearchParams(search).has('services') || servicesRefusal !== null;
  if (popup === null && servicesAsked && user && effectiveRole(user.roles) !== 'client') {
    return <SellersUnavailablePopup />;
  }
  if (popup === 'register' && (!loggedIn || registration.status === 'completed')) return <RegistrationPopup />;
  return null;
}

/** The whole storefront; it renders from the store alone, so server and browser agree. */
export function App() {
  const error = useAppSelector(selectPageError);
  const routeName = useAppSelector(selectRouteName);
  const { pathname, search } = useAppSelector(selectLocation);
  const Page = routeName && isRouteName(routeName) ? PAGES[routeName] : undefined;
  // A dashboard or admin page has the sites' frame; their 404 is the storefront's, with no hint.
  const siteRoute = error ? undefined : SITE_ROUTES.find((route) => route.name === routeName);
  if (siteRoute && Page) {
    return (
      <SiteShell site={siteRoute.sitePage.site} title={siteRoute.title}>
        <PageErrorBoundary key={`${pathname}${search}`}>
          <Page />
        </PageErrorBoundary>
        {/* The storefront's player: what plays goes on across the sites, and Pending tracks plays into it. */}
        <PlayerBar />
        <UrlPopups />
        <DocumentTitle />
      </SiteShell>
    );
  }
  return (
    <Shell>
      {error ? (
        <ErrorPage error={error} />
      ) : (
        <PageErrorBoundary key={`${pathname}${search}`}>{Page ? <Page /> : <RoutePage routeName={routeName ?? ''} />}</PageErrorBoundary>
      )}
      {/* Outside the page: playback goes on across client-side navigation. */}
      <PlayerBar />
      <UrlPopups />
      <DocumentTitle />
    </Shell>
  );
}
