import { ApiError, type ApiClient, type ApiRequest } from '../../shared/api/apiClient';
import { userRefreshed } from '../../shared/features/auth/authSlice';
import { cartLoaded } from '../../shared/features/cart/cartSlice';
import { wishlistLoaded } from '../../shared/features/wishlist/wishlistSlice';
import { makeStore } from '../../shared/store/makeStore';
import { aCart, aCartItem } from '../../test/helpers/cartFixtures';
import { aUser } from '../../test/helpers/fixtures';
import { accountStreamStarted } from './accountStreamActions';
import { refreshLoginAtStartup } from './startupRefresh';

const user = aUser();

/** A member's page as the server rendered it, then the start-up refresh against `health`. */
async function startUp(health: () => Promise<unknown>) {
  const calls: string[] = [];
  const dispatched: string[] = [];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      calls.push(`${request.method} ${request.path}`);
      if (request.path === '/auth/checkhealth') return (await health()) as T;
      return { status: 'ok' } as T;
    },
  };
  const store = makeStore(undefined, {
    sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) },
    middleware: [() => (next) => (action) => {
      dispatched.push((action as { type: string }).type);
      return next(action);
    }],
  });
  store.dispatch(userRefreshed(user));
  store.dispatch(cartLoaded(aCart([aCartItem()])));
  store.dispatch(wishlistLoaded([{ id: 1, productId: 11 }]));
  await store.runSaga(refreshLoginAtStartup).toPromise();
  return { state: store.getState(), calls, dispatched };
}

describe('the start-up refresh of the login data (SPEC §4)', () => {
  test('a confirmed session stays logged in with the fresh data and follows the account stream', async () => {
    const { state, dispatched } = await startUp(async () => ({ ...user, firstName: 'Augusta' }));
    expect(state.auth.user?.firstName).toBe('Augusta');
    expect(state.wishlist.productIds).toEqual([11]);
    expect(dispatched).toContain(accountStreamStarted.type);
  });

  test.each([
    ['a 401', () => Promise.reject(new ApiError('Not logged in', 401))],
    ['a 403', () => Promise.reject(new ApiError('Blocked', 403))],
    ['a 500', () => Promise.reject(new ApiError('Server error', 500))],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an answer that is not a user', () => Promise.resolve('<html>maintenance</html>')],
  ])('%s logs out and clears the user data', async (_case, health) => {
    const { state, calls, dispatched } = await startUp(health);
    expect(state.auth.user).toBeNull();
    expect(state.wishlist.productIds).toEqual([]);
    expect(state.cart.items).toEqual([]);
    expect(dispatched).not.toContain(accountStreamStarted.type);
    // The session ends on the server too, when it can be reached.
    expect(calls).toEqual(['GET /auth/checkhealth', 'POST /auth/logout']);
  });

  test('a guest is not refreshed', async () => {
    const calls: string[] = [];
    const api: ApiClient = { request: async () => calls.push('called') as never };
    const store = makeStore(undefined, { sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) } });
    await store.runSaga(refreshLoginAtStartup).toPromise();
    expect(calls).toEqual([]);
  });
});
