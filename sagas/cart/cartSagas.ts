import type { Task } from 'redux-saga';
import { call, delay, fork, join, put, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { ApiError } from '../../shared/api/apiClient';
import { TIMERS_MS } from '../../shared/domain/constants';
import { loggedOut, loginSucceeded, registrationSucceeded } from '../../shared/features/auth/authSlice';
import { orderSucceeded } from '../../shared/features/checkout/checkoutSlice';
import {
  cartAddFailed,
  cartAddRequested,
  cartAddSucceeded,
  cartCleared,
  cartClearRequested,
  cartItemDropped,
  cartLoaded,
  cartProjectFileChangeFinished,
  cartProjectFileChangeRequested,
  cartReloadRequested,
  cartRemoveFailed,
  cartRemoveRequested,
  cartRowDropped,
  cartToggleRequested,
  couponApplied,
  couponRestored,
  selectAppliedCoupon,
  selectCart,
  selectIsInCart,
  type CartRow,
  type CartState,
} from '../../shared/features/cart/cartSlice';
import { selectRouteName } from '../../shared/features/navigation/navigationSlice';
import { errorToastShown, notificationShown } from '../../shared/features/notifications/notificationsSlice';
import { CartStatusAnswerSchema } from '../../shared/schemas/cart';
import { is } from 'superstruct';
import { pageBecameVisible } from '../auth/accountStreamActions';
import { failureMessage, RefusedAnswer } from '../failureMessage';
import { trackingHeaders } from '../trackingHeader';
import { loadCart, loadCartOnce } from './loadCart';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/** SPEC §2 "Notification toast": cart toasts, but not on the cart page itself. */
function* cartToast(message: string) {
  const routeName = yield* select(selectRouteName);
  if (routeName !== 'cart') yield put(notificationShown('cart', message));
}

type ItemAction =
  | ReturnType<typeof cartAddRequested>
  | ReturnType<typeof cartRemoveRequested>
  | ReturnType<typeof cartProjectFileChangeRequested>;

const productIdOf = (action: ItemAction): number => {
  if (cartAddRequested.match(action)) return action.payload.product.id;
  if (cartRemoveRequested.match(action)) return action.payload;
  return action.payload.productId;
};

/**
 * One change per product at a time: the reducers ignore a request for a product that has one on
 * its way (`pendingProductIds`), and so does this watcher, with the same bookkeeping: an id is
 * busy from the request until the flow puts its settling action.
 */
function* watchItemChanges() {
  const busy = new Set<number>();
  const settle = (productId: number) => busy.delete(productId);
  for (;;) {
    const action: ItemAction = yield take([cartAddRequested.type, cartRemoveRequested.type, cartProjectFileChangeRequested.type]);
    const productId = productIdOf(action);
    if (busy.has(productId)) continue;
    const { items, pendingProductIds }: CartState = yield* select(selectCart);
    const row = items.find((item) => item.id === productId);
    if (cartAddRequested.match(action)) {
      // The reducer put the placeholder there only if the product was not in the cart already.
      if (!row?.isLoading || !pendingProductIds.includes(productId)) continue;
      busy.add(productId);
      yield fork(addToCart, action, settle);
    } else if (cartRemoveRequested.match(action)) {
      if (!row?.isRemovedFromCart) continue;
      busy.add(productId);
      yield fork(removeFromCart, row, settle);
    } else {
      if (!row) continue;
      busy.add(productId);
      yield fork(changeProjectFile, action.payload, settle);
    }
  }
}

/** POST /ecommerce/cart; an answer other than `{status: 'ok'}` counts as a failure. */
function* addToCart({ payload }: ReturnType<typeof cartAddRequested>, settle: (productId: number) => void) {
  const api = yield* fromContext('api');
  const productId = payload.product.id;
  const headers: Record<string, string> = yield call(trackingHeaders);
  try {
    const answer = yield* apiCall(api, {
      method: 'POST',
      path: '/ecommerce/cart',
      body: { product: productId, includeProjectFile: payload.includeProjectFile ?? false },
      headers,
    });
    if (!is(answer, CartStatusAnswerSchema)) throw new RefusedAnswer(`${payload.product.name} could not be added to the cart`);
    settle(productId);
    yield put(cartAddSucceeded(productId));
    yield call(cartToast, `${payload.product.name} added to cart`);
  } catch (error) {
    settle(productId);
    yield put(cartAddFailed(productId));
    yield put(errorToastShown(failureMessage(error)));
  }
  yield put(cartReloadRequested());
}

/** DELETE /ecommerce/cart/{id}: the failure, or null when the server removed it or no longer had it (404). */
function* deleteCartItem(productId: number) {
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, { method: 'DELETE', path: `/ecommerce/cart/${productId}` });
  } catch (error) {
    if (!(error instanceof ApiError && error.statusCode === 404)) return error;
  }
  return null;
}

/**
 * SPEC §4: the row shows as removed and is dropped after 150 ms (the PRO membership at once),
 * whether or not the DELETE has answered; the product stays busy until it has. A refusal then
 * says why, and the reload brings the row back from the server's cart.
 */
function* removeFromCart(row: CartRow, settle: (productId: number) => void) {
  const deletion: Task = yield fork(deleteCartItem, row.id);
  if (!row.isProMembership) yield delay(TIMERS_MS.cartRemoval);
  // A refusal that came within the 150 ms leaves the row in place rather than dropping and bringing it back.
  if (deletion.isRunning() || deletion.result() === null) yield put(cartRowDropped(row.id));
  const failure: unknown = yield join(deletion);
  settle(row.id);
  if (failure === null) {
    yield put(cartItemDropped(row.id));
    yield call(cartToast, `${row.product.name} removed from cart`);
  } else {
    yield put(cartRemoveFailed(row.id));
    yield put(errorToastShown(failureMessage(failure)));
  }
  yield put(cartReloadRequested());
}

/** PUT /ecommerce/cart/{id}: the beat's project file in or out; the reload brings the new prices. */
function* changeProjectFile(
  { productId, includeProjectFile }: ReturnType<typeof cartProjectFileChangeRequested>['payload'],
  settle: (productId: number) => void,
) {
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, { method: 'PUT', path: `/ecommerce/cart/${productId}`, body: { includeProjectFile } });
  } catch (error) {
    yield put(errorToastShown(failureMessage(error)));
  }
  settle(productId);
  yield put(cartProjectFileChangeFinished(productId));
  yield put(cartReloadRequested());
}

/** In the cart it is removed, otherwise added (SPEC §4). */
function* toggle({ payload }: ReturnType<typeof cartToggleRequested>) {
  const inCart = yield* select(selectIsInCart, payload.product.id);
  yield put(inCart ? cartRemoveRequested(payload.product.id) : cartAddRequested(payload));
}

function* clearCart() {
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, { method: 'DELETE', path: '/ecommerce/cart/clear' });
    yield put(cartCleared());
  } catch (error) {
    yield put(errorToastShown(failureMessage(error)));
  }
  yield put(cartReloadRequested());
}

export function* cartSagas() {
  // A newer reload cancels the older one, so the latest answer always wins.
  yield takeLatest(cartReloadRequested.type, function* ({ payload }: ReturnType<typeof cartReloadRequested>) {
    yield call(loadCart, payload);
  });
  yield fork(watchItemChanges);
  yield takeEvery(cartToggleRequested.type, toggle);
  yield takeLatest(cartClearRequested.type, clearCart);
  yield takeEvery(couponApplied.type, function* () {
    yield put(cartReloadRequested());
  });
  yield fork(rememberCoupon);
  // SPEC §4: a login (or a registration, which logs in) reloads the cart, merged with the guest's;
  // a page visible again refetches it.
  yield takeEvery([loginSucceeded.type, registrationSucceeded.type, pageBecameVisible.type], function* () {
    yield put(cartReloadRequested());
  });
  const restored: boolean = yield call(restoreCoupon);
  if (!restored) yield call(loadCartOnce);
}

/**
 * This browser remembers the coupon the cart holds, so a page load applies it again; the slice
 * forgets one that is refused, or whose cart was emptied or paid, and so does the browser.
 */
function* rememberCoupon() {
  const memory = yield* fromContext('couponMemory');
  if (!memory) return;
  let remembered: string | null = yield call([memory, memory.load]);
  yield takeEvery([couponApplied.type, cartLoaded.type, cartCleared.type, orderSucceeded.type, loggedOut.type], function* () {
    const code = yield* select(selectAppliedCoupon);
    if (code === remembered) return;
    remembered = code;
    yield call([memory, memory.save], code);
  });
}

/**
 * The server renders without the coupon (only this browser knows it); once the page runs, the
 * remembered coupon is applied again and the cart reloaded with it. The buyer did not type it on
 * this page, so a refusal (its season over, its producer's beat gone) is told in a toast where no
 * coupon field shows it.
 */
function* restoreCoupon() {
  const memory = yield* fromContext('couponMemory');
  const code = memory ? ((yield call([memory, memory.load])) as string | null) : null;
  const applied = yield* select(selectAppliedCoupon);
  if (!code || applied !== null) return false;
  yield put(couponRestored(code));
  yield put(cartReloadRequested({ showCouponError: true }));
  return true;
}
