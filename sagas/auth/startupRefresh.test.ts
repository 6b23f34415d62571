import { ApiError, type ApiClient, type ApiRequest } from '../../shared/api/apiClient';
import { loggedOut, userRefreshed } from '../../shared/features/auth/authSlice';
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
    ['an answer that is not a user', () => Promise.resolve('<html>maintenance</html>')],
  ])('%s logs out at once and clears the user data', async (_case, health) => {
    const { state, calls, dispatched } = await startUp(health);
    expect(state.auth.user).toBeNull();
    expect(state.wishlist.productIds).toEqual([]);
    expect(state.cart.items).toEqual([]);
    expect(dispatched).not.toContain(accountStreamStarted.type);
    // The session ends on the server too, when it can be reached.
    expect(calls).toEqual(['GET /auth/checkhealth', 'POST /auth/logout']);
  });

  test.each([
    ['a network failure', () => new TypeError('Failed to fetch')],
    ['a call the browser cancelled', () => new ApiError('Failed to fetch', 0)],
  ])('%s twice (no answer, asked again after a pause) logs out and clears the user data', async (_case, failure) => {
    const { state, calls, dispatched } = await startUp(() => Promise.reject(failure()));
    expect(state.auth.user).toBeNull();
    expect(state.cart.items).toEqual([]);
    expect(dispatched).not.toContain(accountStreamStarted.type);
    expect(calls).toEqual(['GET /auth/checkhealth', 'GET /auth/checkhealth', 'POST /auth/logout']);
  });

  test('a refresh with no answer is asked again, not taken for a failure: the second answer keeps the member logged in', async () => {
    const answers = [() => Promise.reject(new ApiError('Failed to fetch', 0)), () => Promise.resolve(user)];
    const { state, calls, dispatched } = await startUp(() => answers.shift()!());
    expect(state.auth.user?.id).toBe(user.id);
    expect(state.wishlist.productIds).toEqual([11]);
    expect(dispatched).not.toContain(loggedOut.type);
    expect(dispatched).toContain(accountStreamStarted.type);
    expect(calls).toEqual(['GET /auth/checkhealth', 'GET /auth/checkhealth']);
  });

  test('a guest is not refreshed', async () => {
    const calls: string[] = [];
    const api: ApiClient = { request: async () => calls.push('called') as never };
    const store = makeStore(undefined, { sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) } });
    await store.runSaga(refreshLoginAtStartup).toPromise();
    expect(calls).toEqual([]);
  });
});
