import { createFetchApiClient } from '../../client/api/fetchApiClient';
import type { ApiClient, ApiRequest, RequestFailure } from '../../shared/api/apiClient';
import authSlice, { userRefreshed } from '../../shared/features/auth/authSlice';
import wishlistSlice, { wishlistLoaded, wishlistToggleRequested } from '../../shared/features/wishlist/wishlistSlice';
import { makeStore } from '../../shared/store/makeStore';
import { aUser } from '../../test/helpers/fixtures';
import { type HeldAnswerServer, startHeldAnswerServer } from '../../test/helpers/heldAnswerServer';
import { storeUntil } from '../../test/helpers/storeUntil';
import { wishlistSagas } from './wishlistSagas';

/** SPEC §4 "a pending opposite request is cancelled": the browser's own API client against a slow server. */
describe('wishlist toggles over HTTP', () => {
  let server: HeldAnswerServer;
  beforeEach(async () => {
    server = await startHeldAnswerServer();
  });
  afterEach(() => server.close());

  test('a toggle while the add is on its way aborts the POST; the DELETE decides and nothing is reported as failed', async () => {
    const failures: RequestFailure[] = [];
    const http = createFetchApiClient(`${server.url}/api/v1`, { onFailure: (failure) => failures.push(failure) });
    const sent: ApiRequest[] = [];
    const api: ApiClient = { request: (request) => (sent.push(request), http.request(request)) };
    const store = makeStore(
      { auth: authSlice.reducer(undefined, userRefreshed(aUser())), wishlist: wishlistSlice.reducer(undefined, wishlistLoaded([])) },
      { sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) } },
    );
    store.runSaga(wishlistSagas);

    store.dispatch(wishlistToggleRequested(11, 'Night Drive'));
    const add = await server.request(0);
    expect(`${add.method} ${add.url}`).toBe('POST /api/v1/wishlist/11');
    store.dispatch(wishlistToggleRequested(11, 'Night Drive'));
    expect(sent[0]!.signal?.aborted).toBe(true);
    await add.abandoned;

    const remove = await server.request(1);
    expect(`${remove.method} ${remove.url}`).toBe('DELETE /api/v1/wishlist/11');
    remove.answer(200, null);
    const done = await storeUntil(store, (state) => state.notifications.notification !== null);
    expect(done.notifications.notification?.message).toBe('Night Drive removed from wishlist');
    expect(done.wishlist.productIds).toEqual([]);
    expect(done.notifications.errorToast).toBeNull();
    expect(failures).toEqual([]);
  });
});
