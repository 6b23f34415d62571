import { all, call, put, takeLeading } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { ApiError, type ApiRequest } from '../../shared/api/apiClient';
import {
  type CustomOrderSide,
  customOrderFailed,
  customOrderLoaded,
  customOrderRequested,
  customOrderStepDone,
  type CustomOrderStep,
  customOrderStepRequested,
  deliveryRequested,
  myCustomOrdersLoaded,
  type OfferToOrder,
  offerToOrderLoaded,
  producerCustomOrdersLoaded,
  shopCustomOrdersLoaded,
} from '../../shared/features/customOrders/customOrdersSlice';
import { navigationRequested } from '../../shared/features/navigation/navigationSlice';
import { CustomOrderDetailSchema, CustomOrderListSchema } from '../../shared/schemas/customOrders';
import { ProducerOfferSchema } from '../../shared/schemas/producerOffers';
import { embeddedSitePath } from '../../shared/sites/siteLinks';
import { failureMessage } from '../failureMessage';
import { loadSoundServices } from '../pages/pageSagas';
import type { PreloadInput } from '../navigation/routePreloaders';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

function* read(path: string) {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path });
  return answer;
}

/**
 * A producer's offer the buyer came for. One withdrawn or unknown (404), or an id no offer could
 * have (not digits, or refused by the server: 400), is not an error page but a note on the form.
 */
function* readOfferToOrder(offerParam: string): Generator<unknown, OfferToOrder, never> {
  if (!/^\d+$/.test(offerParam)) return { offer: null };
  try {
    const offer: unknown = yield call(read, `/offers/${offerParam}`);
    assert(offer, ProducerOfferSchema);
    return { offer };
  } catch (error) {
    if (error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 400)) return { offer: null };
    throw error;
  }
}

/**
 * Preload of the buyer's `Services` (`/dashboard/services`): their custom orders, the services on
 * offer, and the producer's offer the address names (`?offer=<id>`, from the producer's page).
 */
export function* loadMyCustomOrders({ query }: PreloadInput) {
  const answer: unknown = yield call(read, '/custom-orders');
  assert(answer, CustomOrderListSchema);
  yield put(myCustomOrdersLoaded(answer.orders));
  yield call(loadSoundServices);
  const offerParam = query.get('offer');
  const offerToOrder: OfferToOrder | null = offerParam === null ? null : yield call(readOfferToOrder, offerParam);
  yield put(offerToOrderLoaded(offerToOrder));
}

function* reloadPrices(offerId: number | undefined) {
  yield call(loadSoundServices);
  if (offerId === undefined) return;
  const offerToOrder: OfferToOrder = yield call(readOfferToOrder, String(offerId));
  yield put(offerToOrderLoaded(offerToOrder));
}

/** Preload of one of the buyer's orders (`/dashboard/services/:id`). */
export function* loadMyCustomOrder({ params }: PreloadInput) {
  const answer: unknown = yield call(read, `/custom-orders/${encodeURIComponent(params.id ?? '')}`);
  assert(answer, CustomOrderDetailSchema);
  yield put(customOrderLoaded(answer));
}

/** Preload of the shop's custom orders (`/admin/custom-orders`). */
export function* loadShopCustomOrders() {
  const answer: unknown = yield call(read, '/admin/custom-orders');
  assert(answer, CustomOrderListSchema);
  yield put(shopCustomOrdersLoaded(answer.orders));
}

/** Preload of one shop order (`/admin/custom-orders/:id`). */
export function* loadShopCustomOrder({ params }: PreloadInput) {
  const answer: unknown = yield call(read, `/admin/custom-orders/${encodeURIComponent(params.id ?? '')}`);
  assert(answer, CustomOrderDetailSchema);
  yield put(customOrderLoaded(answer));
}

/** Reads the orders for the producer's own offers (`Custom services`). */
export function* readProducerCustomOrders() {
  const answer: unknown = yield call(read, '/studio/custom-orders');
  assert(answer, CustomOrderListSchema);
  yield put(producerCustomOrdersLoaded(answer.orders));
}

/** Preload of one order for the producer's offer (`/dashboard/custom-services/:id`). */
export function* loadProducerCustomOrder({ params }: PreloadInput) {
  const answer: unknown = yield call(read, `/studio/custom-orders/${encodeURIComponent(params.id ?? '')}`);
  assert(answer, CustomOrderDetailSchema);
  yield put(customOrderLoaded(answer));
}

/** Where each side's steps on an order go: the seller's side acts through its own API. */
const ORDER_BASE: Record<CustomOrderSide, string> = { buyer: '/custom-orders', shop: '/admin/custom-orders', producer: '/studio/custom-orders' };

const fieldErrorsOf = (error: unknown) => (error instanceof ApiError ? error.fieldErrors : {});

function* placeOrder(action: ReturnType<typeof customOrderRequested>) {
  const api = yield* fromContext('api');
  let detail: unknown;
  try {
    detail = yield call([api, api.request], { method: 'POST', path: '/custom-orders', body: { ...action.payload, brief: action.meta.brief } });
    assert(detail, CustomOrderDetailSchema);
  } catch (error) {
    // The price changed since the form was drawn: it shows the new one, and the buyer orders again.
    if (error instanceof ApiError && error.statusCode === 409) yield call(reloadPrices, 'offerId' in action.payload ? action.payload.offerId : undefined);
    yield put(customOrderFailed({ message: failureMessage(error), fieldErrors: fieldErrorsOf(error) }));
    return;
  }
  yield put(customOrderStepDone({ detail, action: 'pay' }));
  yield put(navigationRequested({ pathname: embeddedSitePath('dashboard', `/services/${detail.id}`), search: '', mode: 'push' }));
}

function stepCall({ id, side, action }: CustomOrderStep, text: string): ApiRequest {
  const base = `${ORDER_BASE[side]}/${id}`;
  switch (action) {
    case 'accept':
      return { method: 'POST', path: `${base}/accept` };
    case 'decline':
      return { method: 'POST', path: `${base}/decline`, body: { reason: text } };
    case 'acceptDelivery':
      return { method: 'POST', path: `${base}/accept-delivery` };
    case 'askRevision':
      return { method: 'POST', path: `${base}/revision`, body: { text } };
    case 'message':
      return { method: 'POST', path: `${base}/messages`, body: { text } };
    default: {
      const unknownAction: never = action;
      throw new Error(`Unknown custom order step ${String(unknownAction)}`);
    }
  }
}

function* runStep(action: ReturnType<typeof customOrderStepRequested>) {
  const api = yield* fromContext('api');
  try {
    const detail = yield* apiCall(api, stepCall(action.payload, action.meta.text ?? ''));
    assert(detail, CustomOrderDetailSchema);
    yield put(customOrderStepDone({ detail, action: action.payload.action }));
  } catch (error) {
    yield put(customOrderFailed({ message: failureMessage(error), fieldErrors: fieldErrorsOf(error) }));
  }
}

function* deliver(action: ReturnType<typeof deliveryRequested>) {
  const uploads = yield* fromContext('deliveryUploads');
  if (!uploads) return;
  const { id, side, uploadId } = action.payload;
  try {
    const detail: unknown = yield call([uploads, uploads.send], uploadId, `${ORDER_BASE[side]}/${id}/delivery`, action.meta.message);
    assert(detail, CustomOrderDetailSchema);
    yield put(customOrderStepDone({ detail, action: 'deliver' }));
  } catch (error) {
    yield put(customOrderFailed({ message: failureMessage(error), fieldErrors: fieldErrorsOf(error) }));
  } finally {
    uploads.release(uploadId);
  }
}

/** One order, one step at a time: a second click while one is on its way is not a second step. */
export function* customOrderSagas() {
  yield all([takeLeading(customOrderRequested.match, placeOrder), takeLeading(customOrderStepRequested.match, runStep), takeLeading(deliveryRequested.match, deliver)]);
}
