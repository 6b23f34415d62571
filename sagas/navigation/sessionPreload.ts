import { all, call } from 'redux-saga/effects';
import { loadCartOnce } from '../cart/loadCart';
import { loadWishlistOnce } from '../wishlist/wishlistSagas';

/**
 * What every page shows besides its own data: the header's cart counter and the member's hearts.
 * The server's render runs it after the route's own preload (renderPage), with the visitor's
 * cookies, so they are in the first HTML; the browser then has them and does not ask again.
 */
export function* preloadSessionData() {
  yield all([call(loadCartOnce), call(loadWishlistOnce)]);
}
