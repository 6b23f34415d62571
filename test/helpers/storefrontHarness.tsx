import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ApiError, type ApiClient, type ApiRequest } from '../../shared/api/apiClient';
import { userRefreshed } from '../../shared/features/auth/authSlice';
import { cartLoaded } from '../../shared/features/cart/cartSlice';
import { navigationArrived } from '../../shared/features/navigation/navigationSlice';
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
}

/** The whole App (or `ui`) on one route with the cart, wishlist, checkout, auth and navigation sagas running. */
export function renderStorefront(options: StorefrontOptions) {
  const calls: ApiRequest[] = [];
  const left: string[] = [];
  const api: ApiClient = {
    async request<T>(request: ApiRequest) {
      calls.push(request);
      const answer = options.answer?.(request);
      if (answer instanceof ApiError) throw answer;
      return (await answer) as T;
    },
  };
  const store = makeStore(
    { config: { dashboardUrl: 'https://dash.example', adminUrl: 'https://admin.example' }, ...options.preloaded },
    {
      sagaContext: {
        api,
        history: { push: () => undefined, replace: () => undefined, leave: (url) => left.push(url) },
        now: () => new Date(0),
        trackingId: () => 'tab-1',
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
  return { store, calls, left };
}

/** Lets the sagas' promises settle, and their timers run when `ms` is given (the cart removal's 150 ms). */
export const settle = (ms = 0) =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
