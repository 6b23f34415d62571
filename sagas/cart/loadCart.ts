import { call, put } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { cartLoaded, cartLoadFailed, selectAppliedCoupon, selectCart, type CartState } from '../../shared/features/cart/cartSlice';
import { selectRouteName } from '../../shared/features/navigation/navigationSlice';
import { errorToastShown } from '../../shared/features/notifications/notificationsSlice';
import { CartSchema } from '../../shared/schemas/cart';
import { failureMessage } from '../failureMessage';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/**
 * GET /ecommerce/cart with the applied coupon; the answer replaces every total (SPEC §4).
 * A failure keeps the cart as it was: the header and pages still render.
 */
export function* loadCart(options: { showCouponError?: boolean } = {}) {
  const api = yield* fromContext('api');
  const coupon = yield* select(selectAppliedCoupon);
  try {
    const cart = yield* apiCall(api, {
      method: 'GET',
      path: '/ecommerce/cart',
      query: coupon ? { coupon } : {},
    });
    assert(cart, CartSchema);
    yield put(cartLoaded(cart));
    // SPEC §8 "when requested": a refused coupon's reason shows under the coupon field on /cart,
    // where the buyer types it; elsewhere a remembered coupon applied again (showCouponError)
    // tells it in an error toast.
    const routeName = yield* select(selectRouteName);
    if (options.showCouponError && cart.couponError && routeName !== 'cart') yield put(errorToastShown(cart.couponError));
  } catch (error) {
    yield put(cartLoadFailed(failureMessage(error)));
  }
}

/** Page data every page shows (the header's counter): read once per store, on the server when it renders. */
export function* loadCartOnce() {
  const { loaded }: CartState = yield* select(selectCart);
  if (!loaded) yield call(loadCart);
}
