import type { FollowedProducer, SupportOrder } from '../../schemas/buyerPages';
import { aTrack } from '../../../test/helpers/fixtures';
import { loggedOut } from '../auth/authSlice';
import buyerSlice, {
  followingLoaded,
  selectFollowing,
  selectIsUnfollowing,
  selectSupportOrders,
  selectWishlistTracks,
  supportOrdersLoaded,
  unfollowFailed,
  unfollowRequested,
  unfollowSucceeded,
  wishlistPageLoaded,
  type BuyerState,
} from './buyerSlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(buyerSlice.reducer);

const root = (state: BuyerState) => ({ buyer: state });

const aFollowedProducer = (id: number, artistName: string): FollowedProducer => ({ id, artistName, shortName: artistName.toLowerCase(), avatarSrc: null, beats: 3 });
const nova = aFollowedProducer(7, 'Nova');
const lowtide = aFollowedProducer(8, 'Lowtide');
const order: SupportOrder = { id: 'ord_1', placedAt: '2026-11-01T10:00:00.000Z', totalCents: 20995 };

describe('buyer slice', () => {
  test('an unfollow waits once per producer; its success takes only that producer off the list', () => {
    const waiting = reduce(undefined, followingLoaded([nova, lowtide]), unfollowRequested(7), unfollowRequested(7), unfollowRequested(8));
    expect(waiting.unfollowing).toEqual([7, 8]);
    expect(selectIsUnfollowing(root(waiting), 7)).toBe(true);

    const done = reduce(waiting, unfollowSucceeded(7));
    expect(selectFollowing(root(done))).toEqual([lowtide]);
    expect(selectIsUnfollowing(root(done), 7)).toBe(false);
    expect(selectIsUnfollowing(root(done), 8)).toBe(true);
  });

  test('a reload while an unfollow is being sent keeps its button waiting until the answer', () => {
    const reloaded = reduce(undefined, followingLoaded([nova, lowtide]), unfollowRequested(7), followingLoaded([nova, lowtide]));
    expect(reloaded.unfollowing).toEqual([7]);
    expect(reduce(reloaded, unfollowSucceeded(7)).following).toEqual([lowtide]);
  });

  test('a failed unfollow keeps the producer and frees the button', () => {
    const state = reduce(undefined, followingLoaded([nova, lowtide]), unfollowRequested(7), unfollowFailed(7));
    expect(selectFollowing(root(state))).toEqual([nova, lowtide]);
    expect(selectIsUnfollowing(root(state), 7)).toBe(false);
  });

  test('an unfollow answered before the list loaded leaves the list not loaded', () => {
    const state = reduce(undefined, unfollowRequested(7), unfollowSucceeded(7));
    expect(selectFollowing(root(state))).toBeNull();
    expect(state.unfollowing).toEqual([]);
  });

  test('logout forgets every page the account loaded', () => {
    const loaded = reduce(undefined, followingLoaded([nova]), unfollowRequested(7), wishlistPageLoaded([aTrack()]), supportOrdersLoaded([order]));
    expect(selectWishlistTracks(root(loaded))).toEqual([aTrack()]);
    expect(selectSupportOrders(root(loaded))).toEqual([order]);

    const state = reduce(loaded, loggedOut());
    expect(state).toEqual({ following: null, unfollowing: [], wishlistTracks: null, supportOrders: null });
  });
});
