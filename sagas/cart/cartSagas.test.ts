import { ApiError, type ApiRequest } from '../../shared/api/apiClient';
import { loginSucceeded } from '../../shared/features/auth/authSlice';
import cartSlice, {
  cartAddRequested,
  cartClearRequested,
  cartLoaded,
  cartProjectFileChangeRequested,
  cartReloadRequested,
  cartRemoveRequested,
  cartToggleRequested,
  couponApplied,
  couponInputChanged,
  couponRestored,
  selectCartCount,
} from '../../shared/features/cart/cartSlice';
import navigationSlice, { navigationArrived } from '../../shared/features/navigation/navigationSlice';
import { errorToastShown, notificationShown } from '../../shared/features/notifications/notificationsSlice';
import type { Cart } from '../../shared/schemas/cart';
import { orderSucceeded } from '../../shared/features/checkout/checkoutSlice';
import { aCart, aCartItem, aCartProduct, anOrder } from '../../test/helpers/cartFixtures';
import { aUser } from '../../test/helpers/fixtures';
import { runUntilIdle, sagaHarness } from '../../test/helpers/sagaHarness';
import { makeStore } from '../../shared/store/makeStore';
import { pageBecameVisible } from '../auth/accountStreamActions';
import { cartSagas } from './cartSagas';

const nightDrive = aCartProduct();
const pro = aCartProduct({ id: 90, name: 'PRO Membership', productType: 'promembership', genre: '', finalPrice: 99 });
const pack = aCartProduct({ id: 12, name: 'Drum Vault', productType: 'samplepack', genre: 'Sample Pack', finalPrice: 29 });

const cartState = (cart: Cart) => cartSlice.reducer(undefined, cartLoaded(cart));
const onPage = (routeName: string) =>
  navigationSlice.reducer(undefined, navigationArrived({ pathname: `/${routeName}`, search: '', routeName, params: {}, error: null }));

/** A server whose cart holds `start`, changed by the calls the saga makes. */
function cartServer(start: Cart, overrides: (request: ApiRequest) => unknown = () => undefined) {
  let cart = start;
  return (request: ApiRequest) => {
    const overridden = overrides(request);
    if (overridden !== undefined) return overridden;
    if (request.method === 'GET') return cart;
    if (request.method === 'POST') {
      const { product } = request.body as { product: number };
      const source = [nightDrive, pro, pack].find((candidate) => candidate.id === product)!;
      cart = aCart([...cart.items, aCartItem(source)]);
      return { status: 'ok' };
    }
    if (request.path === '/ecommerce/cart/clear') {
      cart = aCart([]);
      return null;
    }
    if (request.method === 'DELETE') {
      cart = aCart(cart.items.filter((item) => `/ecommerce/cart/${item.id}` !== request.path));
      return null;
    }
    return null;
  };
}

describe('cart sagas', () => {
  test('an add shows the Loading placeholder at the end at once, posts with the tracking header, then the reload replaces it', async () => {
    const start = aCart([aCartItem(pack)]);
    const { test, calls, stateAfter, reduced } = sagaHarness(cartSagas, {
      state: { cart: cartState(start), navigation: onPage('beats') },
      answer: cartServer(start),
      trackingId: 'tab-42',
    });
    await runUntilIdle(
      test
        .dispatch(cartAddRequested({ product: nightDrive }))
        .put.like({ action: { type: notificationShown.type, payload: { kind: 'cart', message: 'Night Drive added to cart' } } }),
    );
    const placeholder = stateAfter(cartAddRequested.type)!.cart.items;
    expect(placeholder.map((item) => item.product.name)).toEqual(['Drum Vault', 'Loading']);
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/ecommerce/cart',
      body: { product: 11, includeProjectFile: false },
      headers: { 'X-Tracking-Id': 'tab-42' },
    });
    const final = reduced[reduced.length - 1]!.state.cart;
    expect(final.items.map((item) => item.product.name)).toEqual(['Drum Vault', 'Night Drive']);
    expect(final.total).toBe(aCart([aCartItem(pack), aCartItem(nightDrive)]).total);
  });

  test('the PRO membership placeholder goes to the top', async () => {
    const start = aCart([aCartItem(nightDrive)]);
    const { test, stateAfter } = sagaHarness(cartSagas, { state: { cart: cartState(start) }, answer: cartServer(start) });
    await runUntilIdle(test.dispatch(cartAddRequested({ product: pro })));
    expect(stateAfter(cartAddRequested.type)!.cart.items.map((item) => item.product.name)).toEqual(['Loading', 'Night Drive']);
  });

  test('an answer other than ok removes the placeholder, and so does a failed call', async () => {
    for (const failure of [{ status: 'queued' }, Promise.reject(new ApiError('This beat is sold', 409))]) {
      failure instanceof Promise && failure.catch(() => undefined);
      const start = aCart([]);
      const { test, reduced } = sagaHarness(cartSagas, {
        state: { cart: cartState(start) },
        answer: cartServer(start, (request) => (request.method === 'POST' ? failure : undefined)),
      });
      await runUntilIdle(test.dispatch(cartAddRequested({ product: nightDrive })));
      expect(reduced.map((entry) => entry.action.type)).toContain('cart/cartAddFailed');
      expect(reduced[reduced.length - 1]!.state.cart.items).toEqual([]);
    }
  });

  test('a failed add says why in an error toast', async () => {
    const start = aCart([]);
    const { test } = sagaHarness(cartSagas, {
      state: { cart: cartState(start) },
      answer: cartServer(start, (request) => (request.method === 'POST' ? Promise.reject(new ApiError('This beat is sold', 409)) : undefined)),
    });
    await runUntilIdle(test.dispatch(cartAddRequested({ product: nightDrive })).put.like({ action: { type: errorToastShown.type, payload: { message: 'This beat is sold' } } }));
  });

  test('a second add of the same product while the first runs sends one request', async () => {
    const start = aCart([]);
    const { test, calls } = sagaHarness(cartSagas, { state: { cart: cartState(start) }, answer: cartServer(start) });
    await runUntilIdle(test.dispatch(cartAddRequested({ product: nightDrive })).dispatch(cartAddRequested({ product: nightDrive })));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  test('a removal marks the row removed, drops it after 150 ms, then reloads', async () => {
    const start = aCart([aCartItem(nightDrive), aCartItem(pack)]);
    const { test, calls, waits, stateAfter, types } = sagaHarness(cartSagas, {
      state: { cart: cartState(start), navigation: onPage('beats') },
      answer: cartServer(start),
    });
    await runUntilIdle(
      test
        .dispatch(cartRemoveRequested(11))
        .put.like({ action: { type: notificationShown.type, payload: { kind: 'cart', message: 'Night Drive removed from cart' } } }),
    );
    const marked = stateAfter(cartRemoveRequested.type)!;
    expect(marked.cart.items.find((item) => item.id === 11)?.isRemovedFromCart).toBe(true);
    expect(selectCartCount(marked)).toBe(1);
    expect(waits).toEqual([150]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /ecommerce/cart/11', 'GET /ecommerce/cart']);
    const order = types();
    expect(order.indexOf('cart/cartItemDropped')).toBeLessThan(order.lastIndexOf('cart/cartLoaded'));
    expect(stateAfter('cart/cartItemDropped')!.cart.items.map((item) => item.id)).toEqual([12]);
  });

  test('the PRO membership is dropped at once', async () => {
    const start = aCart([aCartItem(pro), aCartItem(nightDrive)]);
    const { test, waits, types } = sagaHarness(cartSagas, { state: { cart: cartState(start) }, answer: cartServer(start) });
    await runUntilIdle(test.dispatch(cartRemoveRequested(90)));
    expect(waits).toEqual([]);
    expect(types()).toContain('cart/cartItemDropped');
  });

  test('a removal the server refuses brings the row back', async () => {
    const start = aCart([aCartItem(nightDrive)]);
    const { test, reduced } = sagaHarness(cartSagas, {
      state: { cart: cartState(start) },
      answer: cartServer(start, (request) => (request.method === 'DELETE' ? Promise.reject(new ApiError('Server error', 500)) : undefined)),
    });
    await runUntilIdle(test.dispatch(cartRemoveRequested(11)));
    expect(reduced[reduced.length - 1]!.state.cart.items[0]).toMatchObject({ id: 11, isRemovedFromCart: false });
  });

  test('toggle removes what is in the cart and adds what is not', async () => {
    const start = aCart([aCartItem(nightDrive)]);
    const { test, calls } = sagaHarness(cartSagas, { state: { cart: cartState(start) }, answer: cartServer(start) });
    await runUntilIdle(test.dispatch(cartToggleRequested({ product: nightDrive })).dispatch(cartToggleRequested({ product: pack })));
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /ecommerce/cart/11',
      'POST /ecommerce/cart',
    ]);
  });

  test('no cart toast on the cart page', async () => {
    const start = aCart([]);
    const { test } = sagaHarness(cartSagas, { state: { cart: cartState(start), navigation: onPage('cart') }, answer: cartServer(start) });
    await runUntilIdle(test.dispatch(cartAddRequested({ product: nightDrive })).not.put.like({ action: { type: notificationShown.type } }));
  });

  test('clear empties the cart and reloads', async () => {
    const start = aCart([aCartItem(nightDrive), aCartItem(pack)]);
    const { test, calls, reduced } = sagaHarness(cartSagas, { state: { cart: cartState(start) }, answer: cartServer(start) });
    await runUntilIdle(test.dispatch(cartClearRequested()));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /ecommerce/cart/clear', 'GET /ecommerce/cart']);
    expect(reduced[reduced.length - 1]!.state.cart).toMatchObject({ items: [], total: 0, subTotal: 0 });
  });

  test('a reload replaces every total', async () => {
    const stale = aCart([aCartItem(nightDrive)], { discount: 20, coupon: { code: 'old', percentage: 10, producerId: null } });
    const fresh = aCart([aCartItem(pack)]);
    const { test, reduced } = sagaHarness(cartSagas, { state: { cart: cartState(stale) }, answer: () => fresh });
    await runUntilIdle(test.dispatch(cartReloadRequested()));
    const { items, serviceFeeFixed, serviceFeePercentage, subTotal, subTotalWithoutCoupon, discount, total, coupon, couponError } =
      reduced[reduced.length - 1]!.state.cart;
    expect({ items, serviceFeeFixed, serviceFeePercentage, subTotal, subTotalWithoutCoupon, discount, total, coupon, couponError }).toEqual(fresh);
  });

  test('the coupon is lowercased, editing clears its error, and applying it on /cart shows no toast', async () => {
    const rejected = aCart([aCartItem(nightDrive)], { couponError: 'This coupon has expired' });
    const { test, calls, stateAfter } = sagaHarness(cartSagas, { state: { cart: cartState(rejected), navigation: onPage('cart') }, answer: () => rejected });
    await runUntilIdle(
      test
        .dispatch(couponInputChanged(' WINTER30 '))
        .dispatch(couponApplied())
        .not.put.like({ action: { type: errorToastShown.type } }),
    );
    expect(stateAfter(couponInputChanged.type)!.cart.couponError).toBeNull();
    expect(calls.at(-1)).toEqual({ method: 'GET', path: '/ecommerce/cart', query: { coupon: 'winter30' } });
  });

  test('a remembered coupon refused after a page load: a toast on a page without the coupon field, none on /cart', async () => {
    const refused = aCart([aCartItem(nightDrive)], { couponError: 'Coupon december30 is valid in December only' });
    const elsewhere = sagaHarness(cartSagas, { state: { cart: cartState(refused), navigation: onPage('beats') }, answer: () => refused, couponMemory: { code: 'december30', saved: [] } });
    await runUntilIdle(elsewhere.test.put.like({ action: { type: errorToastShown.type, payload: { message: 'Coupon december30 is valid in December only' } } }));
    const onCart = sagaHarness(cartSagas, { state: { cart: cartState(refused), navigation: onPage('cart') }, answer: () => refused, couponMemory: { code: 'december30', saved: [] } });
    await runUntilIdle(onCart.test.not.put.like({ action: { type: errorToastShown.type } }));
    expect(onCart.reduced.at(-1)!.state.cart).toMatchObject({ couponInput: 'december30', couponError: 'Coupon december30 is valid in December only' });
  });

  test('a reload nobody asked a coupon for shows no toast', async () => {
    const rejected = aCart([], { couponError: 'This coupon has expired' });
    const { test } = sagaHarness(cartSagas, { state: { cart: cartState(rejected) }, answer: () => rejected });
    await runUntilIdle(test.dispatch(cartReloadRequested()).not.put.like({ action: { type: errorToastShown.type } }));
  });

  test('the project file choice is sent with PUT and the reload brings the new price', async () => {
    const start = aCart([aCartItem(nightDrive)]);
    const withFile = aCart([aCartItem(nightDrive, { includeProjectFile: true, price: 249 })]);
    let current = start;
    const { test, calls, reduced } = sagaHarness(cartSagas, {
      state: { cart: cartState(start) },
      answer: (request) => {
        if (request.method === 'PUT') current = withFile;
        return request.method === 'GET' ? current : null;
      },
    });
    await runUntilIdle(test.dispatch(cartProjectFileChangeRequested({ productId: 11, includeProjectFile: true })));
    expect(calls[0]).toEqual({ method: 'PUT', path: '/ecommerce/cart/11', body: { includeProjectFile: true } });
    expect(reduced[reduced.length - 1]!.state.cart.items[0]).toMatchObject({ includeProjectFile: true, price: 249 });
  });

  test('a login and a page visible again reload the cart', async () => {
    const merged = aCart([aCartItem(nightDrive), aCartItem(pack)]);
    const { test, calls, reduced } = sagaHarness(cartSagas, { state: { cart: cartState(aCart([])) }, answer: () => merged });
    await runUntilIdle(test.dispatch(loginSucceeded(aUser())), pageBecameVisible());
    expect(calls.filter((call) => call.path === '/ecommerce/cart')).toHaveLength(2);
    expect(reduced.some((entry) => entry.state.cart.items.length === 2)).toBe(true);
  });

  test('an applied coupon is remembered; after a page load it is applied again', async () => {
    const memory = { code: null as string | null, saved: [] as (string | null)[] };
    const cart = aCart([aCartItem(nightDrive)], { discount: 19.9, coupon: { code: 'nova10', percentage: 10, producerId: null } });
    await runUntilIdle(
      sagaHarness(cartSagas, { state: { cart: cartState(cart) }, answer: () => cart, couponMemory: memory })
        .test.dispatch(couponInputChanged('Nova10'))
        .dispatch(couponApplied()),
    );
    expect(memory.saved).toEqual(['nova10']);

    const reloaded = sagaHarness(cartSagas, { state: { cart: cartState(cart) }, answer: () => cart, couponMemory: { code: 'nova10', saved: [] } });
    await runUntilIdle(reloaded.test.not.put.like({ action: { type: errorToastShown.type } }));
    expect(reloaded.calls).toEqual([{ method: 'GET', path: '/ecommerce/cart', query: { coupon: 'nova10' } }]);
    expect(reloaded.reduced.at(-1)!.state.cart.couponInput).toBe('nova10');
  });

  test('a refused coupon is forgotten: the browser drops it and the next reload goes without it', async () => {
    const memory = { code: null as string | null, saved: [] as (string | null)[] };
    const cart = aCart([aCartItem(nightDrive)]);
    const answer = (request: ApiRequest) => (request.query?.coupon ? { ...cart, couponError: 'Coupon bogus2026 does not exist' } : cart);
    const { test, calls, reduced } = sagaHarness(cartSagas, { state: { cart: cartState(cart) }, answer, couponMemory: memory });
    await runUntilIdle(test.dispatch(couponInputChanged('BOGUS2026')).dispatch(couponApplied()), loginSucceeded(aUser()));
    expect(memory.saved).toEqual(['bogus2026', null]);
    expect(calls.map((call) => call.query)).toEqual([{ coupon: 'bogus2026' }, {}]);
    expect(reduced.at(-1)!.state.cart).toMatchObject({ appliedCoupon: null, couponError: null });
  });

  test('a paid cart starts clean: its coupon is forgotten, in the store and in the browser', async () => {
    const memory = { code: 'nova10', saved: [] as (string | null)[] };
    const applied = aCart([aCartItem(nightDrive)], { discount: 19.9, coupon: { code: 'nova10', percentage: 10, producerId: null } });
    const state = { cart: cartSlice.reducer(cartState(applied), couponRestored('nova10')) };
    const { test, calls, reduced } = sagaHarness(cartSagas, { state, answer: () => applied, couponMemory: memory });
    await runUntilIdle(test, orderSucceeded(anOrder()));
    expect(calls).toEqual([]);
    expect(memory.saved).toEqual([null]);
    expect(reduced.at(-1)!.state.cart).toMatchObject({ couponInput: '', appliedCoupon: null, couponError: null });
  });

  test('a store without the cart reads it once at start', async () => {
    const { test, calls } = sagaHarness(cartSagas, { answer: () => aCart([aCartItem(nightDrive)]) });
    await runUntilIdle(test);
    expect(calls).toEqual([{ method: 'GET', path: '/ecommerce/cart', query: {} }]);
  });
});

/** A real store and fake timers; the server's DELETE answers `deleteMs` after it is asked. */
describe('removal with a slow server', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function slowServer(start: Cart, deleteMs: Record<number, number>, refused: number[] = []) {
    const serve = cartServer(start);
    const calls: string[] = [];
    const api = {
      request: async <T,>(request: ApiRequest) => {
        calls.push(`${request.method} ${request.path}`);
        const id = Number(/\/ecommerce\/cart\/(\d+)$/.exec(request.path)?.[1]);
        if (request.method === 'DELETE') {
          // The slow server under test: its DELETE answers `deleteMs` later, on the fake clock.
          await new Promise((resolve) => setTimeout(resolve, deleteMs[id] ?? 0));
          if (refused.includes(id)) throw new ApiError('Server error', 500);
        }
        return serve(request) as T;
      },
    };
    const store = makeStore(
      { cart: cartState(start), navigation: onPage('beats') },
      { sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) } },
    );
    store.runSaga(cartSagas);
    const rows = () => store.getState().cart.items.map((item) => `${item.id}${item.isRemovedFromCart ? ' removed' : ''}`);
    return { store, calls, rows };
  }

  test('the row is dropped 150 ms after the removal while the DELETE takes a second; the toast and reload follow its answer', async () => {
    const { store, calls, rows } = slowServer(aCart([aCartItem(nightDrive), aCartItem(pack)]), { 11: 1000 });
    store.dispatch(cartRemoveRequested(11));
    expect(rows()).toEqual(['11 removed', '12']);
    await jest.advanceTimersByTimeAsync(149);
    expect(rows()).toEqual(['11 removed', '12']);
    await jest.advanceTimersByTimeAsync(1);
    expect(rows()).toEqual(['12']);
    expect(selectCartCount(store.getState())).toBe(1);
    expect(calls).toEqual(['DELETE /ecommerce/cart/11']);
    expect(store.getState().notifications.notification).toBeNull();
    await jest.advanceTimersByTimeAsync(850);
    expect(store.getState().notifications.notification?.message).toBe('Night Drive removed from cart');
    expect(calls).toEqual(['DELETE /ecommerce/cart/11', 'GET /ecommerce/cart']);
    expect(rows()).toEqual(['12']);
    expect(store.getState().cart.pendingProductIds).toEqual([]);
  });

  test('the PRO membership is dropped at once, before the DELETE answers', async () => {
    const { store, rows } = slowServer(aCart([aCartItem(pro), aCartItem(nightDrive)]), { 90: 1000 });
    store.dispatch(cartRemoveRequested(90));
    expect(rows()).toEqual(['11']);
    await jest.advanceTimersByTimeAsync(1000);
    expect(rows()).toEqual(['11']);
  });

  test('a reload that lands while a dropped row is still being deleted leaves it out', async () => {
    const { store, calls, rows } = slowServer(aCart([aCartItem(nightDrive), aCartItem(pack)]), { 11: 1000, 12: 200 });
    store.dispatch(cartRemoveRequested(11));
    store.dispatch(cartRemoveRequested(12));
    await jest.advanceTimersByTimeAsync(200);
    expect(calls).toContain('GET /ecommerce/cart');
    expect(rows()).toEqual([]);
    await jest.advanceTimersByTimeAsync(800);
    expect(rows()).toEqual([]);
  });

  test('a DELETE refused within the 150 ms leaves the row in place', async () => {
    const { store, calls, rows } = slowServer(aCart([aCartItem(nightDrive)]), { 11: 50 }, [11]);
    const seen: string[][] = [];
    store.subscribe(() => seen.push(rows()));
    store.dispatch(cartRemoveRequested(11));
    await jest.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual(['DELETE /ecommerce/cart/11', 'GET /ecommerce/cart']);
    expect(seen.some((listed) => listed.length === 0)).toBe(false);
    expect(rows()).toEqual(['11']);
    expect(store.getState().notifications.errorToast?.message).toBe('Server error');
  });

  test('a DELETE refused after the row was dropped says why, and the reload brings the row back', async () => {
    const { store, rows } = slowServer(aCart([aCartItem(nightDrive)]), { 11: 1000 }, [11]);
    store.dispatch(cartRemoveRequested(11));
    await jest.advanceTimersByTimeAsync(150);
    expect(rows()).toEqual([]);
    await jest.advanceTimersByTimeAsync(850);
    expect(store.getState().notifications.errorToast?.message).toBe('Server error');
    expect(rows()).toEqual(['11']);
  });
});
