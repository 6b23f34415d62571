import { loadProducerPage } from '../producer/producerSagas';
import { loadProductPage } from '../product/productSagas';
import type { RouteMatch } from '../../shared/routes/matchRoute';
import { checkResetLink, confirmEmail } from '../auth/accountPageSagas';
import { loadBeats } from '../catalogue/beatsSagas';
import { loadHomeTracks } from '../catalogue/loadHomeTracks';
import { loadCart } from '../cart/loadCart';

export interface PreloadInput {
  params: RouteMatch['params'];
  query: URLSearchParams;
}

/** The sagas that fetch a route's page data; the server runs them to completion before rendering. */
export const ROUTE_PRELOADERS: Readonly<Record<string, (input: PreloadInput) => Generator>> = {
  index: loadHomeTracks,
  beats: loadBeats,
  'email-confirmation-token': confirmEmail,
  'reset-password-token': checkResetLink,
  id: loadProducerPage,
  'beatmaker-id': loadProducerPage,
  'product-id': loadProductPage,
  cart: () => loadCart(),
};
