import { all, call, delay, getContext, put, takeLatest } from 'redux-saga/effects';
import { selectLanguage, languageChanged } from '../../shared/features/i18n/i18nSlice';
import {
  type HistoryMode,
  navigationArrived,
  navigationRedirected,
  navigationRequested,
  type NavigationState,
  type PageError,
} from '../../shared/features/navigation/navigationSlice';
import { selectFeatures } from '../../shared/features/config/configSlice';
import { differOnlyInPopups } from '../../shared/routes/popupQuery';
import { matchRoute } from '../../shared/routes/matchRoute';
import { ROUTE_MIDDLEWARE } from '../../shared/routes/middleware';
import { PageFailure, toPageError } from '../../shared/routes/pageFailure';
import { GLOBAL_MIDDLEWARE, isRouteName, ROUTES, type RouteDefinition } from '../../shared/routes/routeTable';
import { loginThenReturnTo, siteAccess, type SiteAccess } from '../../shared/sites/siteRoutes';
import { selectUser } from '../../shared/features/auth/authSlice';
import { ROUTE_PRELOADERS } from './routePreloaders';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';

export interface NavigationTarget {
  pathname: string;
  search: string;
  mode: HistoryMode;
}

const MAX_REDIRECTS = 5;

function* loadPageCode(routeName: string) {
  const pageCode = yield* fromContext('pageCode');
  if (pageCode) yield call([pageCode, pageCode.load], routeName);
}

/**
 * One route change: middleware, route validation, the route's preload sagas, then arrival.
 * The server runs it once per request; the browser on every link click and back/forward.
 */
export function* navigate(target: NavigationTarget, redirectsLeft = MAX_REDIRECTS): Generator<unknown, void, never> {
  const routes: readonly RouteDefinition[] = (yield getContext('routes')) ?? ROUTES;
  const query = new URLSearchParams(target.search);
  const match = matchRoute(target.pathname, routes);
  const before = yield* select((state: { navigation: NavigationState }) => state.navigation);
  const popupOnly = before.routeName !== null && before.pathname === target.pathname && differOnlyInPopups(before.search, target.search);
  let error: PageError | null = null;
  const user = yield* select(selectUser);
  const access: SiteAccess = siteAccess(match?.route.sitePage, user);
  try {
    for (const name of [...GLOBAL_MIDDLEWARE, ...(match?.route.middleware ?? [])]) {
      const middleware = ROUTE_MIDDLEWARE[name];
      if (!middleware) throw new PageFailure(500, `Unknown middleware ${name}`);
      const result = middleware({ pathname: target.pathname, query, match });
      if (result.redirect !== undefined && redirectsLeft > 0) {
        yield call(redirect, result.redirect, target, redirectsLeft);
        return;
      }
      if (result.language !== undefined) {
        const current = yield* select(selectLanguage);
        if (current !== result.language) yield put(languageChanged(result.language));
      }
    }
    const features = yield* select(selectFeatures);
    if (access === 'login' && redirectsLeft > 0) {
      yield call(redirect, loginThenReturnTo(target.pathname, target.search), target, redirectsLeft);
      return;
    }
    // A page the visitor's role does not have is the same 404 as an address nobody has.
    if (!match || access !== 'open') error = { statusCode: 404, message: 'This page could not be found', noRoute: true };
    else if (
      (match.route.feature && !features[match.route.feature]) ||
      (match.route.validate && !match.route.validate(match.params))
    ) {
      error = { statusCode: 404, message: 'Page not found', noRoute: false };
    } else {
      const current = yield* select((state: { navigation: NavigationState }) => state.navigation);
      // Opening or closing a popup keeps the page and its data.
      const samePage =
        current.routeName !== null &&
        current.error === null &&
        current.pathname === target.pathname &&
        differOnlyInPopups(current.search, target.search);
      const preload = samePage || !isRouteName(match.route.name) ? undefined : ROUTE_PRELOADERS[match.route.name];
      // SPEC §9: a new page's data stays pending at least this long, so fast answers do not flicker;
      // a query change on the same page (a filter, a return key leaving the address) is not held.
      const minPendingMs: number | undefined = current.pathname === target.pathname ? undefined : yield getContext('pageDataMinPendingMs');
      // The page's code (a chunk in the browser) arrives while its data loads.
      yield all([
        call(loadPageCode, match.route.name),
        ...(preload ? [call(preload, { params: match.params, query })] : []),
        ...(preload && minPendingMs ? [delay(minPendingMs)] : []),
      ]);
    }
  } catch (failure) {
    error = toPageError(failure);
  }
  yield put(
    navigationArrived({
      pathname: target.pathname,
      search: target.search,
      // A hidden site page arrives as no route at all, so nothing on the 404 page names it.
      routeName: access === 'open' ? (match?.route.name ?? null) : null,
      params: access === 'open' ? (match?.params ?? {}) : {},
      error,
    }),
  );
  const history = yield* fromContext('history');
  const url = `${target.pathname}${target.search}`;
  if (target.mode === 'push') yield call([history, history.push], url, { toTop: !popupOnly });
  if (target.mode === 'replace') yield call([history, history.replace], url);
}

/** Records the redirect (the server answers it with a 302) and navigates to its address instead. */
function* redirect(to: string, from: NavigationTarget, redirectsLeft: number) {
  yield put(navigationRedirected({ to }));
  const url = new URL(to, 'http://redirect.invalid');
  const mode = from.mode === 'pop' ? 'replace' : from.mode;
  yield call(navigate, { pathname: url.pathname, search: url.search, mode }, redirectsLeft - 1);
}

/** A newer navigation cancels the one still loading. */
export function* watchNavigation() {
  yield takeLatest(navigationRequested.type, function* (action: ReturnType<typeof navigationRequested>) {
    yield call(navigate, action.payload);
  });
}
