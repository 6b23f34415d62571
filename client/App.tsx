import { selectPageError, selectRouteName } from '../shared/features/navigation/navigationSlice';
import { ErrorPage } from './features/errorPage/ErrorPage';
import { PageErrorBoundary } from './features/errorPage/PageErrorBoundary';
import { RoutePage } from './features/pages/RoutePage';
import { DocumentTitle } from './features/pages/DocumentTitle';
import { pageComponent } from './pageRegistry';
import { useAppSelector } from './store/hooks';
import { selectRegistration, selectServicesRefusal, selectUser } from '../shared/features/auth/authSlice';
import { effectiveRole } from '../shared/domain/auth/roles';
import { SellersUnavailablePopup } from './features/auth/SellersUnavailablePopup';
import { selectLocation } from '../shared/features/navigation/navigationSlice';
import { openUrlPopup } from '../shared/routes/popupQuery';
import { LoginPopup } from './features/auth/LoginPopup';
import { RegistrationPopup } from './features/auth/RegistrationPopup';
import { Shell } from './features/shell/Shell';
import { PlayerBar } from './features/player/PlayerBar';
import { isRouteName } from '../shared/routes/routeTable';
import { SITE_ROUTES } from '../shared/sites/siteRoutes';
import { SiteShell } from './features/sites/SiteShell';

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

function PageLoading() {
  return <main className="route-page" aria-busy="true" />;
}

/** The whole storefront; it renders from the store alone, so server and browser agree. */
export function App() {
  const error = useAppSelector(selectPageError);
  const routeName = useAppSelector(selectRouteName);
  const { pathname, search } = useAppSelector(selectLocation);
  const page = routeName && isRouteName(routeName) ? pageComponent(routeName) : undefined;
  // Only when a test or a failed chunk skipped the navigate saga's load: the frame, no page yet.
  const Page = page === 'loading' ? PageLoading : page;
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
