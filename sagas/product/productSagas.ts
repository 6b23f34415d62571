import { put } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { productPageLoaded } from '../../shared/features/product/productSlice';
import { PageFailure } from '../../shared/routes/pageFailure';
import { ProductSchema } from '../../shared/schemas/track';
import type { PreloadInput } from '../navigation/routePreloaders';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

/** The API's own rule for a product id: digits only. */
const PRODUCT_ID = /^\d{1,9}$/;

/** Preload of /product/{id}; a malformed or unknown id gives the 404 page. */
export function* loadProductPage({ params }: PreloadInput) {
  if (params.id === undefined || !PRODUCT_ID.test(params.id)) throw new PageFailure(404, 'Page not found');
  const api = yield* fromContext('api');
  const product = yield* apiCall(api, { method: 'GET', path: `/tracks/${params.id}` });
  assert(product, ProductSchema);
  yield put(productPageLoaded(product));
}
