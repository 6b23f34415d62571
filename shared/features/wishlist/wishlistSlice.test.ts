import { loggedOut } from '../auth/authSlice';
import wishlistSlice, {
  selectIsInWishlist,
  wishlistAddRolledBack,
  wishlistAddStarted,
  wishlistChangeSettled,
  wishlistLoaded,
  wishlistRemoveRolledBack,
  wishlistRemoveStarted,
  wishlistToggleRequested,
} from './wishlistSlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(wishlistSlice.reducer);

const loaded = wishlistLoaded([
  { id: 1, productId: 11 },
  { id: 2, productId: 12 },
]);

describe('wishlist slice', () => {
  test('a load replaces the hearts with the server’s products and marks the list as read', () => {
    const state = reduce(undefined, wishlistAddStarted(99), wishlistChangeSettled(99), loaded);
    expect(state).toEqual({ productIds: [11, 12], loaded: true, pending: {} });
    expect(selectIsInWishlist({ wishlist: state }, 12)).toBe(true);
    expect(selectIsInWishlist({ wishlist: state }, 99)).toBe(false);
  });

  test('the heart alone changes nothing; its name for the toast is null when the button has none', () => {
    const state = reduce(undefined, loaded);
    expect(reduce(state, wishlistToggleRequested(13))).toEqual(state);
    expect(wishlistToggleRequested(13).payload).toEqual({ productId: 13, productName: null });
    expect(wishlistToggleRequested(13, 'Night Drive').payload.productName).toBe('Night Drive');
  });

  test('an optimistic add fills the heart once, and its rollback empties it again', () => {
    const added = reduce(undefined, loaded, wishlistAddStarted(13), wishlistAddStarted(13), wishlistAddStarted(11));
    expect(added.productIds).toEqual([11, 12, 13]);
    const rolledBack = reduce(added, wishlistAddRolledBack(13));
    expect(rolledBack.productIds).toEqual([11, 12]);
    expect(selectIsInWishlist({ wishlist: rolledBack }, 13)).toBe(false);
  });

  test('an optimistic removal empties the heart, and its rollback fills it again', () => {
    const removed = reduce(undefined, loaded, wishlistRemoveStarted(11));
    expect(removed.productIds).toEqual([12]);
    const rolledBack = reduce(removed, wishlistRemoveRolledBack(11), wishlistRemoveRolledBack(11));
    expect(rolledBack.productIds).toEqual([12, 11]);
  });

  test('logout clears the wishlist and forgets it was read, so the next member’s is loaded', () => {
    const state = reduce(undefined, loaded, wishlistAddStarted(13), loggedOut());
    expect(state).toEqual({ productIds: [], loaded: false, pending: {} });
  });

  test('a load that lands while hearts are still being sent keeps them as the member left them', () => {
    const sending = reduce(undefined, loaded, wishlistAddStarted(13), wishlistRemoveStarted(11));
    const reloaded = reduce(sending, loaded);
    expect(reloaded.productIds).toEqual([12, 13]);
    const answered = reduce(reloaded, wishlistChangeSettled(13), wishlistRemoveRolledBack(11), loaded);
    expect(answered).toEqual({ productIds: [11, 12], loaded: true, pending: {} });
  });
});
