import type { DeliveryUploadPort } from '../api/deliveryUploadPort';
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { ApiClient } from '../api/apiClient';
import type { RouteDefinition } from '../routes/routeTable';
import type { OpenAccountStream } from '../api/accountStream';
import type { StripePort } from '../api/stripePort';
import type { AudioEngineLoader, KeyValueStorage, MediaSessionPort } from '../api/playerPorts';
import type { AvatarUploadPort } from '../api/avatarUploadPort';
import type { SessionImportPort } from '../api/sessionImportPort';
import type { BeatUploadPort } from '../api/beatUploadPort';
import { rootReducer, type RootState } from './rootReducer';

/** Where the running app keeps its address bar; the server's records redirects only. */
export interface HistoryPort {
  /**
   * A new history entry. `toTop`: the view starts at the top, as a page loaded afresh does (a new
   * page, or a new list on the same page); opening or closing a popup keeps the scroll.
   */
  push(url: string, options?: { toTop: boolean }): void;
  replace(url: string): void;
  /** Loads another site's page (the dashboard); only the browser can. */
  leave?(url: string): void;
  /** Goes one entry back, as the browser's Back button does (closing a popup this page opened). */
  back?(): void;
}

export interface SagaContext {
  api: ApiClient;
  history: HistoryPort;
  /** Wall clock for sagas; reducers never read it (DESIGN contract 1). */
  now: () => Date;
  /** Opens the live account stream; only the browser has one. */
  openAccountStream?: OpenAccountStream;
  /** The route table; tests give their own to reach cases the real one has not. */
  routes?: readonly RouteDefinition[];
  /** Fetches the code of a route's page before it arrives (client/pageRegistry.ts); the server has all of it loaded. */
  pageCode?: { load(routeName: string): Promise<void> };
  /** Page data shows as pending at least this long, so a fast load does not flicker (browser only). */
  pageDataMinPendingMs?: number;
  /** The browser's clipboard (absent on the server and on insecure origins). */
  clipboard?: { writeText(text: string): Promise<void> };
  /** The player's audio engine, loaded on first play; only the browser has one. */
  audio?: AudioEngineLoader;
  /** The operating system's media controls; only the browser has them. */
  mediaSession?: MediaSessionPort;
  /** Where the player keeps its volume between visits; only the browser has it. */
  storage?: KeyValueStorage;
  /** Sent as X-Tracking-Id on cart adds and order creation (SPEC §7): the browser tab's action-log id. */
  trackingId?: () => string;
  /** Keeps the applied coupon across page loads in this browser (GET /ecommerce/cart takes it as a query). */
  couponMemory?: { load(): string | null; save(code: string | null): void };
  /** Asks a purchased file's link whether it can be fetched now (a HEAD): its HTTP status; only the browser downloads. */
  downloads?: { status(url: string): Promise<number> };
  /** Stripe.js; only the browser has one, and the sagas use it only when a publishable key is configured. */
  stripe?: StripePort;
  /** The studio's upload transport (multipart with progress); only the browser has one. */
  beatUploads?: BeatUploadPort;
  /** A custom order's delivery transport (multipart); only the browser has one. */
  deliveryUploads?: DeliveryUploadPort;
  /** The account picture's upload; only the browser has one. */
  avatarUploads?: AvatarUploadPort;
  /** An admin's import of an exported session file; only the browser has one. */
  sessionImports?: SessionImportPort;
}

export function makeStore(
  preloadedState: Partial<RootState> | undefined,
  options: {
    sagaContext: SagaContext;
    middleware?: Middleware[];
    /**
     * Redux Toolkit's development checks (serializable, immutable) are on unless said otherwise:
     * a store that replays thousands of known actions (the demo seed's tabs) would spend its time
     * and the console's lines on them.
     */
    developmentChecks?: boolean;
  },
) {
  const sagaMiddleware = createSagaMiddleware({ context: { ...options.sagaContext } });
  const checks = options.developmentChecks ?? true;
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: false, serializableCheck: checks, immutableCheck: checks }).concat(sagaMiddleware, ...(options.middleware ?? [])),
  });
  return Object.assign(store, { runSaga: sagaMiddleware.run });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
