import { DEFAULT_FEATURES } from '../../shared/features/config/configSlice';
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ApiError, type ApiClient, type ApiRequest } from '../../shared/api/apiClient';
import type { StripePort } from '../../shared/api/stripePort';
import { userRefreshed } from '../../shared/features/auth/authSlice';
import { cartLoaded } from '../../shared/features/cart/cartSlice';
import { navigationArrived, navigationRequested } from '../../shared/features/navigation/navigationSlice';
import type { Cart } from '../../shared/schemas/cart';
import type { RootState } from '../../shared/store/rootReducer';
import { makeStore } from '../../shared/store/makeStore';
import { authSagas } from '../../sagas/auth/authSagas';
import { popupSagas } from '../../sagas/auth/popupSagas';
import { cartSagas } from '../../sagas/cart/cartSagas';
import { checkoutSagas } from '../../sagas/checkout/checkoutSagas';
import { watchNavigation } from '../../sagas/navigation/navigationSaga';
import { wishlistSagas } from '../../sagas/wishlist/wishlistSagas';
import { App } from '../../client/App';
import { aUser } from './fixtures';

export interface StorefrontOptions {
  pathname: string;
  routeName: string;
  search?: string;
  cart?: Cart;
  loggedIn?: boolean;
  /** Answers the calls the test cares about; anything else answers null. */
  answer?: (request: ApiRequest) => unknown;
  preloaded?: Partial<RootState>;
  /** What to render instead of the whole App. */
  ui?: ReactElement;
  /** Stands in for Stripe.js (test/helpers/fakeStripePort.ts). */
  stripe?: StripePort;
  /** What a download link answers when the browser asks whether its file is ready (HEAD). */
  downloadStatus?: (url: string) => number;
}

/** The whole App (or `ui`) on one route with the cart, wishlist, checkout, auth and navigation sagas running. */
export function renderStorefront(options: StorefrontOptions) {
  const calls: ApiRequest[] = [];
  const left: string[] = [];
  const history: string[] = [];
  // The address bar's entries, so that Back returns to the previous one as the browser does.
  const entries: string[] = [`${options.pathname}${options.search ?? ''}`];
  const popEntry = () => {
    entries.pop();
    const url = new URL(entries[entries.length - 1]!, 'http://shop.example');
    store.dispatch(navigationRequested({ pathname: url.pathname, search: url.search, mode: 'pop' }));
  };
  const api: ApiClient = {
    async request<T>(request: ApiRequest) {
      calls.push(request);
      const answer = options.answer?.(request);
      if (answer instanceof ApiError) throw answer;
      return (await answer) as T;
    },
  };
  const store = makeStore(
    { config: { dashboardUrl: 'https://dash.example', adminUrl: 'https://admin.example', features: DEFAULT_FEATURES }, ...options.preloaded },
    {
      sagaContext: {
        api,
        history: {
          push: (url) => {
            history.push(`push ${url}`);
            entries.push(url);
          },
          replace: (url) => {
            history.push(`replace ${url}`);
            entries[entries.length - 1] = url;
          },
          back: () => {
            history.push('back');
            // As the browser does: popstate after the call returns.
            setTimeout(popEntry);
          },
          leave: (url) => left.push(url),
        },
        now: () => new Date(0),
        trackingId: () => 'tab-1',
        stripe: options.stripe,
        downloads: { status: async (url) => options.downloadStatus?.(url) ?? 200 },
      },
    },
  );
  if (options.cart) store.dispatch(cartLoaded(options.cart));
  if (options.loggedIn) store.dispatch(userRefreshed(aUser()));
  store.dispatch(
    navigationArrived({ pathname: options.pathname, search: options.search ?? '', routeName: options.routeName, params: {}, error: null }),
  );
  for (const saga of [watchNavigation, authSagas, popupSagas, cartSagas, wishlistSagas, checkoutSagas]) store.runSaga(saga);
  render(
    <Provider store={store}>{options.ui ?? <App />}</Provider>,
  );
  /** The browser's Back button. */
  const browserBack = () =>
    act(async () => {
      popEntry();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  /** What the address bar shows: the current history entry. */
  const address = () => entries[entries.length - 1];
  return { store, calls, left, history, browserBack, address };
}

/** Lets the sagas' promises settle, and their timers run when `ms` is given (the cart removal's 150 ms). */
export const settle = (ms = 0) =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
