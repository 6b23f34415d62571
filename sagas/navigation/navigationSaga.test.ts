import { ApiError, type ApiClient } from '../../shared/api/apiClient';
import { navigationArrived, navigationRequested } from '../../shared/features/navigation/navigationSlice';
import { makeStore } from '../../shared/store/makeStore';
import type { RouteDefinition } from '../../shared/routes/routeTable';
import { ROUTES } from '../../shared/routes/routeTable';
import { aCart } from '../../test/helpers/cartFixtures';
import { storeUntil } from '../../test/helpers/storeUntil';
import { navigate, watchNavigation } from './navigationSaga';

/** A store whose API answers an empty cart, and an empty list of tracks as the real endpoint shapes it. */
function storeWith(options: { failWith?: ApiError; routes?: readonly RouteDefinition[] } = {}) {
  const visited: string[] = [];
  const api: ApiClient = {
    async request<T>(request: { path: string }) {
      if (options.failWith) throw options.failWith;
      return (request.path === '/ecommerce/cart' ? aCart() : { tracks: [], total: 0 }) as T;
    },
  };
  const store = makeStore(undefined, {
    sagaContext: {
      api,
      history: { push: (url) => visited.push(`push ${url}`), replace: (url) => visited.push(`replace ${url}`) },
      now: () => new Date(0),
      routes: options.routes,
    },
  });
  return { store, visited };
}

const run = (store: ReturnType<typeof makeStore>, url: string, mode: 'push' | 'pop' | 'replace' = 'push') => {
  const parsed = new URL(url, 'http://x');
  return store.runSaga(navigate, { pathname: parsed.pathname, search: parsed.search, mode }).toPromise();
};

describe('navigation saga', () => {
  test('arrives at a matched route and then moves the address bar', async () => {
    const { store, visited } = storeWith();
    // (The producer routes now preload a producer, which this fake API does not answer.)
    await run(store, '/reset-password/t0k3n?x=1');
    expect(store.getState().navigation).toMatchObject({
      pathname: '/reset-password/t0k3n',
      search: '?x=1',
      routeName: 'reset-password-token',
      params: { token: 't0k3n' },
      error: null,
    });
    expect(visited).toEqual(['push /reset-password/t0k3n?x=1']);
  });

  test('a new page or a new list starts at the top; opening a popup keeps the scroll', async () => {
    const scrolls: string[] = [];
    const store = makeStore(undefined, {
      sagaContext: {
        api: { request: async <T,>() => ({ tracks: [], total: 0 }) as T },
        history: { push: (url, options) => scrolls.push(`${url} ${options?.toTop ? 'top' : 'kept'}`), replace: () => undefined },
        now: () => new Date(0),
      },
    });
    await run(store, '/beats');
    await run(store, '/beats?login=true');
    await run(store, '/beats');
    await run(store, '/beats?genre=1');
    await run(store, '/contacts');
    expect(scrolls).toEqual(['/beats top', '/beats?login=true kept', '/beats kept', '/beats?genre=1 top', '/contacts top']);
  });

  test('back/forward (pop) leaves the address bar alone', async () => {
    const { store, visited } = storeWith();
    await run(store, '/cart', 'pop');
    expect(store.getState().navigation.routeName).toBe('cart');
    expect(visited).toEqual([]);
  });

  test('redirects /for-buyers/purchases-shop to /for-buyers', async () => {
    const { store, visited } = storeWith();
    await run(store, '/for-buyers/purchases-shop/3');
    expect(store.getState().navigation).toMatchObject({ pathname: '/for-buyers', routeName: 'for-buyers', redirect: '/for-buyers' });
    expect(visited).toEqual(['push /for-buyers']);
  });

  test('switches the language on seller pages and back elsewhere', async () => {
    const { store } = storeWith();
    await run(store, '/for-sellers/package?language=ru');
    expect(store.getState().i18n.language).toBe('ru');
    await run(store, '/beats');
    expect(store.getState().i18n.language).toBe('en');
  });

  test('an unknown middleware name gives 500 "Unknown middleware {name}"', async () => {
    const routes = [...ROUTES, { name: 'broken', path: '/broken', title: 'Broken', middleware: ['teleport'] }];
    const { store } = storeWith({ routes });
    await run(store, '/broken');
    expect(store.getState().navigation.error).toEqual({ statusCode: 500, message: 'Unknown middleware teleport', noRoute: false });
  });

  test('a failing preload gives the status of the API error', async () => {
    const { store } = storeWith({ failWith: new ApiError('Service unavailable', 503) });
    await run(store, '/');
    expect(store.getState().navigation.error).toMatchObject({ statusCode: 503, message: 'Service unavailable' });
  });

  test('a newer navigation cancels the one still loading', async () => {
    let release: () => void = () => undefined;
    const api: ApiClient = {
      request: () =>
        new Promise((resolve) => {
          release = () => resolve(aCart() as never);
        }),
    };
    const visited: string[] = [];
    const store = makeStore(undefined, {
      sagaContext: { api, history: { push: (url) => visited.push(url), replace: () => undefined }, now: () => new Date(0) },
    });
    store.runSaga(watchNavigation);
    store.dispatch(navigationRequested({ pathname: '/', search: '', mode: 'push' }));
    store.dispatch(navigationRequested({ pathname: '/cart', search: '', mode: 'push' }));
    release();
    await storeUntil(store, (state) => !state.navigation.pending);
    expect(store.getState().navigation.routeName).toBe('cart');
    expect(visited).toEqual(['/cart']);
  });

  test('a new page\'s data stays pending at least 200 ms in the browser; opening a popup keeps the page without loading it again', async () => {
    jest.useFakeTimers();
    try {
      const requests: string[] = [];
      const api: ApiClient = {
        request: async <T,>(request: { path: string }) => {
          requests.push(request.path);
          return { tracks: [], total: 0 } as T;
        },
      };
      const store = makeStore(undefined, {
        sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0), pageDataMinPendingMs: 200 },
      });
      store.runSaga(watchNavigation);
      store.dispatch(navigationArrived({ pathname: '/terms-and-conditions', search: '', routeName: 'terms-and-conditions', params: {}, error: null }));
      store.dispatch(navigationRequested({ pathname: '/', search: '', mode: 'push' }));
      await jest.advanceTimersByTimeAsync(199);
      expect(store.getState().navigation.routeName).toBe('terms-and-conditions');
      await jest.advanceTimersByTimeAsync(1);
      expect(store.getState().navigation.routeName).toBe('index');
      const loads = requests.length;

      store.dispatch(navigationRequested({ pathname: '/', search: '?login=true&frame=login', mode: 'push' }));
      await jest.advanceTimersByTimeAsync(0);
      expect(store.getState().navigation.search).toBe('?login=true&frame=login');
      expect(requests).toHaveLength(loads);
    } finally {
      jest.useRealTimers();
    }
  });

  test('a route behind a feature flag that is off is a 404', async () => {
    const { store } = storeWith();
    await run(store, '/pro-membership');
    expect(store.getState().navigation).toMatchObject({ routeName: 'pro-membership', error: { statusCode: 404 } });
  });
});
