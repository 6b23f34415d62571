import { STATUS_CODES } from 'node:http';
import { renderToString } from 'react-dom/server';
import type { ActionLogTicket } from '../../shared/actionLog/entry';
import { Provider } from 'react-redux';
import { App } from '../../client/App';
import { loadEveryPage } from '../../client/pageRegistry';
import { selectLanguage } from '../../shared/features/i18n/i18nSlice';
import { navigationArrived, selectPageError, selectRedirect, selectRouteName } from '../../shared/features/navigation/navigationSlice';
import { ROUTES } from '../../shared/routes/routeTable';
import { sitewideSaleOn } from '../../shared/domain/sitewideSale';
import shellSlice from '../../shared/features/shell/shellSlice';
import { pageTitle } from '../../shared/content/contentPages';
import { type AppStore, makeStore } from '../../shared/store/makeStore';
import { checkHealth } from '../../sagas/auth/checkHealth';
import { navigate } from '../../sagas/navigation/navigationSaga';
import { preloadSessionData } from '../../sagas/navigation/sessionPreload';
import type { AppDeps } from '../appDeps';
import { reasonOf } from '../logging/logger';
import type { RequestContext } from '../http/endpoint';
import { API_ENDPOINTS } from '../http/apiEndpoints';
import { createInProcessApi } from '../http/inProcessApi';
import { type ClientAssets, errorPageFallbackHtml, htmlDocument } from './htmlDocument';
import { type TagManagerTag, tagManagerOnRoute } from './tagManager';
import { renderFailuresLogged } from './renderFailuresLogged';

export type RenderResult = { status: number; html: string } | { status: 302; redirect: string };

const noHistory = { push: () => undefined, replace: () => undefined };

/**
 * Renders one request: a fresh store, the route's sagas run to completion against the
 * in-process API, then React, with the state the browser will hydrate from.
 */
export async function renderPage(
  url: { pathname: string; search: string },
  context: RequestContext,
  deps: AppDeps,
  assets: ClientAssets,
  /** Google Tag Manager with this response's nonce, when configured; storefront routes load it. */
  tagManager: TagManagerTag | null = null,
): Promise<RenderResult> {
  const store = await loadedPageStore(url, context, deps);
  const redirect = selectRedirect(store.getState());
  if (redirect !== null) return { status: 302, redirect };

  const ticket = deps.actionLogTickets.issue();
  try {
    return await renderDocument(store, ticket, assets, tagManager);
  } catch (renderError) {
    // The route, not the path: a path may hold a token (a password reset's, a download's).
    deps.log.error({ route: store.getState().navigation.routeName, err: renderError }, 'Rendering a page failed');
    // The browser hydrates from the state, so the failure goes into the state as well.
    const { navigation } = store.getState();
    store.dispatch(
      navigationArrived({
        pathname: navigation.pathname,
        search: navigation.search,
        routeName: navigation.routeName,
        params: navigation.params,
        error: { statusCode: 500, message: 'Server error', noRoute: false },
      }),
    );
    try {
      return await renderDocument(store, ticket, assets);
    } catch {
      return { status: 500, html: errorPageFallbackHtml() };
    }
  }
}

/**
 * SPEC §2 "Error page" for a request that failed before any route could run (a malformed URL, a
 * path refused by the static files): the storefront's own error page with the real status; the
 * last-resort page only when that render fails too.
 */
export async function renderErrorPage(
  url: { pathname: string; search: string },
  statusCode: number,
  context: RequestContext,
  deps: AppDeps,
  assets: ClientAssets,
): Promise<{ status: number; html: string }> {
  try {
    const store = pageStore(context, deps);
    await store.runSaga(checkHealth).toPromise();
    const message = STATUS_CODES[statusCode] ?? 'Error';
    store.dispatch(navigationArrived({ ...url, routeName: null, params: {}, error: { statusCode, message, noRoute: false } }));
    await store.runSaga(preloadSessionData).toPromise();
    return { ...(await renderDocument(store, deps.actionLogTickets.issue(), assets)), status: statusCode };
  } catch (renderError) {
    deps.log.error({ statusCode, reason: reasonOf(renderError) }, `Rendering the ${statusCode} page failed`);
    return { status: statusCode, html: errorPageFallbackHtml() };
  }
}

/** A request's store once the route's sagas have loaded what the page shows (or chosen a redirect). */
export async function loadedPageStore(url: { pathname: string; search: string }, context: RequestContext, deps: AppDeps): Promise<AppStore> {
  const store = pageStore(context, deps);
  await store.runSaga(checkHealth).toPromise();
  await store.runSaga(navigate, { pathname: url.pathname, search: url.search, mode: 'pop' }).toPromise();
  if (selectRedirect(store.getState()) !== null) return store;
  await store.runSaga(preloadSessionData).toPromise();
  return store;
}

/** A request's own store, with the in-process API acting for the request's visitor. */
function pageStore(context: RequestContext, deps: AppDeps): AppStore {
  const { publishableKey } = deps.config.commerce.stripe;
  const config = {
    dashboardUrl: deps.config.publicUrls.dashboard,
    adminUrl: deps.config.publicUrls.admin,
    features: deps.config.features,
    captcha: deps.config.accountProtection.captcha.enabled,
    ...(publishableKey ? { stripePublishableKey: publishableKey } : {}),
  };
  // The announcement bar follows the server's clock, so the page and its hydration agree.
  const shell = { ...shellSlice.getInitialState(), sale: sitewideSaleOn(deps.clock.now()) };
  return makeStore({ config, shell }, {
    sagaContext: { api: createInProcessApi(API_ENDPOINTS, deps, context), history: noHistory, now: () => deps.clock.now() },
    middleware: [renderFailuresLogged(deps.log)],
  });
}

/** The storefront's element for a loaded store: what the string render here and the bench's stream render both render. */
export const pageElement = (store: AppStore) => (
  <Provider store={store}>
    <App />
  </Provider>
);

/** What search results show under the page's title. */
const pageDescription = (title: string) =>
  `${title}. Beatcrate: beats and sample packs from independent producers, previewed in the browser and licensed in a minute.`;

/** The server renders synchronously, so every page's code is loaded (once) before its first render. */
async function renderDocument(
  store: AppStore,
  actionLogTicket: ActionLogTicket,
  assets: ClientAssets,
  tagManager: TagManagerTag | null = null,
): Promise<{ status: number; html: string }> {
  await loadEveryPage();
  // A string, not a stream: the sagas have loaded everything before React runs, and the state
  // the page ends with is only known once React is done (bench: "render … stream / string").
  const appHtml = renderToString(pageElement(store));
  const state = store.getState();
  const error = selectPageError(state);
  const routeName = selectRouteName(state);
  const routeTitle = ROUTES.find((route) => route.name === routeName)?.title ?? 'Beatcrate';
  const title = error ? 'Opps!' : pageTitle(routeName, selectLanguage(state), routeTitle);
  return {
    status: error?.statusCode ?? 200,
    html: htmlDocument({
      title,
      description: pageDescription(title),
      language: selectLanguage(state),
      appHtml,
      state,
      actionLogTicket,
      assets,
      tagManager: tagManager && tagManagerOnRoute(routeName) ? tagManager : null,
    }),
  };
}
