import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { requestFailed } from '../shared/api/apiClient';
import { API_PREFIX, PRELOADED_STATE_ID, TIMERS_MS } from '../shared/domain/constants';
import { navigationRequested } from '../shared/features/navigation/navigationSlice';
import { isRouteName, type RouteName } from '../shared/routes/routeTable';
import type { RootState } from '../shared/store/rootReducer';
import { makeStore } from '../shared/store/makeStore';
import { pageBecameVisible } from '../sagas/auth/accountStreamActions';
import { browserRootSaga } from '../sagas/rootSaga';

import { openActionLogSession } from './actionLogSession';
import { reloadIfChunkFailure } from './chunkReload';
import { createFetchApiClient } from './api/fetchApiClient';
import { createXhrBeatUploader } from './api/xhrBeatUploader';
import { createFetchDeliveryUploader } from './api/fetchDeliveryUploader';
import { createFetchSessionImporter } from './api/fetchSessionImporter';
import { createFetchAvatarUploader } from './api/fetchAvatarUploader';
import { createStripeJsPort } from './payments/stripeJsPort';
import { ShopRoot } from './ShopRoot';
import { loadPage } from './pageRegistry';
import { browserMediaSession, createAudioEngineLoader } from './features/player/browserPlayerPorts';
import { safeStorage } from './safeStorage';

const COUPON_KEY = 'beatcrate.cart.coupon';
const loadCaptchaWidget = () => import(/* webpackChunkName: "captcha" */ './features/captcha/altchaWidget');
/** Creates the store, runs the sagas and hydrates the page the server rendered; client/index.tsx loads and calls it once the page is painted. */
export function startApp(): void {
  const preloadedState = JSON.parse(document.getElementById(PRELOADED_STATE_ID)?.textContent ?? '{}') as RootState;
  const local = safeStorage('localStorage');
  const recorder = openActionLogSession(safeStorage('sessionStorage'));
  const beatUploader = createXhrBeatUploader(`${API_PREFIX}/studio/beats`);
  const deliveryUploader = createFetchDeliveryUploader(API_PREFIX);
  const sessionImporter = createFetchSessionImporter(API_PREFIX);
  const avatarUploader = createFetchAvatarUploader(`${API_PREFIX}/account/avatar`);
  const store = makeStore(preloadedState, {
    sagaContext: {
      // Every failed request becomes an action, so the action log shows it at its step (telemetry: no reducer changes).
      api: createFetchApiClient(API_PREFIX, { onFailure: (failure) => store.dispatch(requestFailed(failure)) }),
      history: {
        push: (url, options) => {
          window.history.pushState(null, '', url);
          if (options?.toTop) window.scrollTo(0, 0);
        },
        replace: (url) => window.history.replaceState(null, '', url),
        leave: (url) => window.location.assign(url),
        back: () => window.history.back(),
      },
      pageDataMinPendingMs: TIMERS_MS.pageDataMinPending,
      clipboard: navigator.clipboard as Clipboard | undefined,
      now: () => new Date(),
      ...(recorder ? { trackingId: () => recorder.sessionId } : {}),
      couponMemory: {
        load: () => local.getItem(COUPON_KEY),
        save: (code) => (code === null ? local.removeItem(COUPON_KEY) : local.setItem(COUPON_KEY, code)),
      },
      stripe: createStripeJsPort(),
      downloads: { status: async (url) => (await fetch(url, { method: 'HEAD', credentials: 'include' })).status },
      openAccountStream: ({ onMessage, onError }) => {
        const source = new EventSource(`${API_PREFIX}/account/sse`, { withCredentials: true });
        source.onmessage = (event: MessageEvent<string>) => onMessage(JSON.parse(event.data) as unknown);
        source.onerror = onError;
        return () => source.close();
      },
      audio: createAudioEngineLoader(),
      mediaSession: browserMediaSession(),
      storage: local,
      pageCode: {
        // A chunk that failed to arrive (a deploy replaced it) reloads the page; the navigation goes on meanwhile.
        load: (routeName) => loadPage(routeName as RouteName).catch(reloadIfChunkFailure),
      },
      beatUploads: beatUploader,
      deliveryUploads: deliveryUploader,
      sessionImports: sessionImporter,
      avatarUploads: avatarUploader,
    },
    middleware: recorder ? [recorder.middleware] : [],
  });
  recorder?.start(preloadedState, { width: window.innerWidth, height: window.innerHeight });

  /**
   * The sagas start in a task after the store's, and hydration (which waits for the page's chunk,
   * so the first render matches the server's HTML) in one after theirs: three shorter tasks rather
   * than one long one as the page becomes interactive (Lighthouse's Total Blocking Time).
   */
  setTimeout(() => {
    store.runSaga(browserRootSaga, recorder);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') store.dispatch(pageBecameVisible());
    });
    window.addEventListener('popstate', () => {
      store.dispatch(navigationRequested({ pathname: window.location.pathname, search: window.location.search, mode: 'pop' }));
    });
    const routeName = preloadedState.navigation?.routeName;
    void (routeName && isRouteName(routeName) ? loadPage(routeName).catch(reloadIfChunkFailure) : Promise.resolve()).then(() => setTimeout(hydrate, 0));
  }, 0);

  /**
   * As a transition, React hydrates in slices and lets the browser take input between them, instead
   * of one long task as the page first becomes interactive (Lighthouse's Total Blocking Time).
   */
  function hydrate() {
    startTransition(() => {
      hydrateRoot(
        document.getElementById('root')!,
        <ShopRoot store={store} serverState={preloadedState} ports={{ loadCaptchaWidget, beatUploader, deliveryUploader, avatarUploader, sessionImporter }} />,
      );
    });
  }
}
