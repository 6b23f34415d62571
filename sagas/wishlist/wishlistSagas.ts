import type { Task } from 'redux-saga';
import { call, cancel, fork, put, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { ApiError } from '../../shared/api/apiClient';
import { loginSucceeded, registrationSucceeded, selectUser } from '../../shared/features/auth/authSlice';
import { errorToastShown, notificationShown } from '../../shared/features/notifications/notificationsSlice';
import {
  selectIsInWishlist,
  selectWishlist,
  wishlistAddRolledBack,
  wishlistAddStarted,
  wishlistChangeSettled,
  wishlistLoaded,
  wishlistReloadRequested,
  wishlistRemoveRolledBack,
  wishlistRemoveStarted,
  wishlistToggleRequested,
  type WishlistState,
} from '../../shared/features/wishlist/wishlistSlice';
import { WishlistSchema } from '../../shared/schemas/wishlist';
import { failureMessage } from '../failureMessage';
import { popupOpened } from '../auth/popupActions';
import { cancellableRequest } from '../cancellableRequest';
import { backgroundReadFailed } from '../shell/failureActions';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/** GET /wishlist; a failure leaves the hearts as they are. */
export function* loadWishlist() {
  const api = yield* fromContext('api');
  try {
    const entries = yield* apiCall(api, { method: 'GET', path: '/wishlist' });
    assert(entries, WishlistSchema);
    yield put(wishlistLoaded(entries));
  } catch (error) {
    yield put(backgroundReadFailed({ what: 'the wishlist', message: failureMessage(error) }));
  }
}

/** A member's wishlist, read once per store (on the server when it renders, so the hearts are in the HTML). */
export function* loadWishlistOnce() {
  const user = yield* select(selectUser);
  const { loaded }: WishlistState = yield* select(selectWishlist);
  if (user && !loaded) yield call(loadWishlist);
}

const named = (productName: string | null) => productName ?? 'The product';

/**
 * SPEC §8: a 403 on add keeps the add (the product is there already) and a 404 on remove is
 * ignored (it is gone already); any other failure undoes the optimistic change.
 */
const WISHLIST_CHANGES = {
  add: { method: 'POST', done: 'added to wishlist', harmlessStatus: 403, rolledBack: wishlistAddRolledBack },
  remove: { method: 'DELETE', done: 'removed from wishlist', harmlessStatus: 404, rolledBack: wishlistRemoveRolledBack },
} as const;

function* changeWishlist(change: keyof typeof WISHLIST_CHANGES, productId: number, productName: string | null) {
  const { method, done, harmlessStatus, rolledBack } = WISHLIST_CHANGES[change];
  const api = yield* fromContext('api');
  try {
    yield call(cancellableRequest, api, { method, path: `/wishlist/${productId}` });
    yield put(wishlistChangeSettled(productId));
    yield put(notificationShown('wishlist', `${named(productName)} ${done}`));
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === harmlessStatus) {
      yield put(wishlistChangeSettled(productId));
      return;
    }
    yield put(rolledBack(productId));
    yield put(errorToastShown(failureMessage(error)));
  }
}

/**
 * SPEC §4 "Wishlist": a guest gets the login popup; a member's heart changes at once and the
 * request follows. A toggle while the opposite request for the same product is still pending
 * cancels it (the request is aborted), so only the latest intent is answered and rolled back.
 */
function* watchToggles() {
  const pending = new Map<number, Task>();
  for (;;) {
    const { payload }: ReturnType<typeof wishlistToggleRequested> = yield take(wishlistToggleRequested.type);
    const user = yield* select(selectUser);
    if (!user) {
      yield put(popupOpened('login'));
      continue;
    }
    const previous = pending.get(payload.productId);
    if (previous?.isRunning()) yield cancel(previous);
    const inWishlist = yield* select(selectIsInWishlist, payload.productId);
    yield put(inWishlist ? wishlistRemoveStarted(payload.productId) : wishlistAddStarted(payload.productId));
    const task: Task = yield fork(changeWishlist, inWishlist ? 'remove' : 'add', payload.productId, payload.productName);
    pending.set(payload.productId, task);
  }
}

export function* wishlistSagas() {
  yield fork(watchToggles);
  yield takeLatest(wishlistReloadRequested.type, loadWishlist);
  yield takeEvery([loginSucceeded.type, registrationSucceeded.type], function* () {
    yield put(wishlistReloadRequested());
  });
  yield call(loadWishlistOnce);
}
