import { ApiError, type ApiRequest } from '../../shared/api/apiClient';
import authSlice, { loggedOut, loginSucceeded, userRefreshed } from '../../shared/features/auth/authSlice';
import { errorToastShown, notificationShown } from '../../shared/features/notifications/notificationsSlice';
import wishlistSlice, { wishlistLoaded, wishlistToggleRequested } from '../../shared/features/wishlist/wishlistSlice';
import { aUser } from '../../test/helpers/fixtures';
import { runUntilIdle, sagaHarness } from '../../test/helpers/sagaHarness';
import { popupOpened } from '../auth/popupActions';
import { wishlistSagas } from './wishlistSagas';

const member = authSlice.reducer(undefined, userRefreshed(aUser()));
const holding = (...productIds: number[]) =>
  wishlistSlice.reducer(undefined, wishlistLoaded(productIds.map((productId, index) => ({ id: index + 1, productId }))));

const failing = (statusCode: number) => () => Promise.reject(new ApiError(`Failed with ${statusCode}`, statusCode));

describe('wishlist sagas', () => {
  test('a guest toggling the heart gets the login popup and no call is made', async () => {
    const { test, calls } = sagaHarness(wishlistSagas, { answer: () => null });
    await runUntilIdle(test.dispatch(wishlistToggleRequested(11, 'Night Drive')).put(popupOpened('login')));
    expect(calls).toEqual([]);
  });

  test('an add shows at once, posts, and says so in a wishlist toast', async () => {
    const { test, calls, stateAfter } = sagaHarness(wishlistSagas, { state: { auth: member, wishlist: holding() }, answer: () => ({ id: 1, productId: 11 }) });
    await runUntilIdle(
      test
        .dispatch(wishlistToggleRequested(11, 'Night Drive'))
        .put.like({ action: { type: notificationShown.type, payload: { kind: 'wishlist', message: 'Night Drive added to wishlist' } } }),
    );
    expect(stateAfter('wishlist/wishlistAddStarted')!.wishlist.productIds).toEqual([11]);
    expect(calls).toEqual([{ method: 'POST', path: '/wishlist/11' }]);
  });

  test('a failed add rolls back, except a 403, which keeps it', async () => {
    const refused = sagaHarness(wishlistSagas, { state: { auth: member, wishlist: holding() }, answer: failing(500) });
    await runUntilIdle(refused.test.dispatch(wishlistToggleRequested(11)).put.like({ action: { type: errorToastShown.type } }));
    expect(refused.reduced.at(-1)!.state.wishlist.productIds).toEqual([]);

    const forbidden = sagaHarness(wishlistSagas, { state: { auth: member, wishlist: holding() }, answer: failing(403) });
    await runUntilIdle(forbidden.test.dispatch(wishlistToggleRequested(11)));
    expect(forbidden.reduced.at(-1)!.state.wishlist.productIds).toEqual([11]);
  });

  test('a failed removal rolls back, except a 404, which is ignored', async () => {
    const refused = sagaHarness(wishlistSagas, { state: { auth: member, wishlist: holding(11) }, answer: failing(500) });
    await runUntilIdle(refused.test.dispatch(wishlistToggleRequested(11)));
    expect(refused.stateAfter('wishlist/wishlistRemoveStarted')!.wishlist.productIds).toEqual([]);
    expect(refused.reduced.at(-1)!.state.wishlist.productIds).toEqual([11]);
    expect(refused.calls).toEqual([{ method: 'DELETE', path: '/wishlist/11' }]);

    const gone = sagaHarness(wishlistSagas, { state: { auth: member, wishlist: holding(11) }, answer: failing(404) });
    await runUntilIdle(gone.test.dispatch(wishlistToggleRequested(11)).not.put.like({ action: { type: errorToastShown.type } }));
    expect(gone.reduced.at(-1)!.state.wishlist.productIds).toEqual([]);
  });

  test('a toggle while the opposite request is pending cancels it: its failure rolls nothing back', async () => {
    let failAdd: (error: Error) => void = () => undefined;
    let removalAsked: () => void = () => undefined;
    const removing = new Promise<void>((resolve) => (removalAsked = resolve));
    const { test, calls, reduced } = sagaHarness(wishlistSagas, {
      state: { auth: member, wishlist: holding() },
      answer: (request: ApiRequest) => {
        if (request.method === 'POST') return new Promise((_resolve, reject) => (failAdd = reject));
        removalAsked();
        return Promise.resolve(null);
      },
    });
    const run = runUntilIdle(test.dispatch(wishlistToggleRequested(11)).dispatch(wishlistToggleRequested(11)));
    // The second toggle has cancelled the pending add and asked for the removal: only now does the add fail.
    await removing;
    failAdd(new ApiError('Server error', 500));
    await run;
    expect(calls.map((call) => call.method)).toEqual(['POST', 'DELETE']);
    expect(reduced.map((entry) => entry.action.type)).not.toContain('wishlist/wishlistAddRolledBack');
    expect(reduced.at(-1)!.state.wishlist.productIds).toEqual([]);
  });

  test('each product has its own pending request', async () => {
    const { test, calls, reduced } = sagaHarness(wishlistSagas, { state: { auth: member, wishlist: holding() }, answer: () => new Promise(() => undefined) });
    await runUntilIdle(test.dispatch(wishlistToggleRequested(11)).dispatch(wishlistToggleRequested(12)));
    expect(calls.map((call) => call.path)).toEqual(['/wishlist/11', '/wishlist/12']);
    expect(reduced.at(-1)!.state.wishlist.productIds).toEqual([11, 12]);
  });

  test('a login reloads the wishlist', async () => {
    const { test, calls, reduced } = sagaHarness(wishlistSagas, { answer: () => [{ id: 3, productId: 12 }] });
    await runUntilIdle(test, loginSucceeded(aUser()));
    expect(calls).toEqual([{ method: 'GET', path: '/wishlist' }]);
    expect(reduced.at(-1)!.state.wishlist).toEqual({ productIds: [12], loaded: true, pending: {} });
  });

  test('a member whose store has no wishlist reads it once at start; a guest does not', async () => {
    const signedIn = sagaHarness(wishlistSagas, { state: { auth: member }, answer: () => [] });
    await runUntilIdle(signedIn.test);
    expect(signedIn.calls).toEqual([{ method: 'GET', path: '/wishlist' }]);
    const guest = sagaHarness(wishlistSagas, { answer: () => [] });
    await runUntilIdle(guest.test);
    expect(guest.calls).toEqual([]);
  });

  test('logout clears the wishlist', () => {
    expect(wishlistSlice.reducer(holding(11, 12), loggedOut())).toEqual({ productIds: [], loaded: false, pending: {} });
  });
});
