import { call, put, takeEvery } from 'redux-saga/effects';
import { assert } from 'superstruct';
import {
  followingLoaded,
  supportOrdersLoaded,
  unfollowFailed,
  unfollowRequested,
  unfollowSucceeded,
  wishlistPageLoaded,
} from '../../shared/features/buyer/buyerSlice';
import { errorToastShown } from '../../shared/features/notifications/notificationsSlice';
import { followSucceeded } from '../../shared/features/producer/producerSlice';
import { FollowingSchema, SupportOrdersSchema, WishlistPageSchema } from '../../shared/schemas/buyerPages';
import type { Producer } from '../../shared/schemas/producer';
import { requestFollow } from '../producer/producerSagas';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

export const UNFOLLOW_FAILED = 'Could not unfollow the producer. Try again.';

/** Preload of `Following` (`/dashboard/following`). */
export function* loadFollowing() {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: '/dashboard/following' });
  assert(answer, FollowingSchema);
  yield put(followingLoaded(answer.producers));
}

/** Preload of `Wishlist` (`/dashboard/wishlist`): the products behind the wishlist's entries. */
export function* loadWishlistPage() {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: '/dashboard/wishlist' });
  assert(answer, WishlistPageSchema);
  yield put(wishlistPageLoaded(answer.tracks));
}

/** Preload of `Support` (`/dashboard/support`): the member's orders to pick from. */
export function* loadSupportPage() {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: '/dashboard/support/orders' });
  assert(answer, SupportOrdersSchema);
  yield put(supportOrdersLoaded(answer.orders));
}

/**
 * Unfollow from `Following`: the producer page's own call, and its answer goes to the producer
 * page's state too, so that page shows Follow again when opened from here.
 */
function* unfollow({ payload: producerId }: ReturnType<typeof unfollowRequested>) {
  const answer: Producer | false = yield call(requestFollow, producerId, false);
  if (answer === false) {
    yield put(unfollowFailed(producerId));
    yield put(errorToastShown(UNFOLLOW_FAILED));
    return;
  }
  yield put(followSucceeded(answer));
  yield put(unfollowSucceeded(producerId));
}

export function* buyerSagas() {
  yield takeEvery(unfollowRequested.match, unfollow);
}
