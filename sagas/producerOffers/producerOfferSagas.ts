import { call, put, takeLeading } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { ApiError } from '../../shared/api/apiClient';
import {
  myOffersLoaded,
  offerEditRefused,
  offerEditSubmitted,
  offerMade,
  offerRefused,
  offerSaved,
  offerSubmitted,
  offerWithdrawalConfirmed,
  offerWithdrawalFailed,
  offerWithdrawn,
} from '../../shared/features/producerOffers/producerOffersSlice';
import { ProducerOfferListSchema, ProducerOfferSchema } from '../../shared/schemas/producerOffers';
import { readProducerCustomOrders } from '../customOrders/customOrderSagas';
import { refusalOf } from '../studio/refusal';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

/**
 * Preload of `Custom services` (`/dashboard/custom-services`): the producer's live offers and the
 * orders for them. The server refuses (403) a producer not verified yet; that is the page's
 * notice, not an error page.
 */
export function* loadCustomServices() {
  const api = yield* fromContext('api');
  let answer: unknown;
  try {
    answer = yield call([api, api.request], { method: 'GET', path: '/studio/offers' });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 403) {
      yield put(myOffersLoaded({ verified: false, offers: [] }));
      return;
    }
    throw error;
  }
  assert(answer, ProducerOfferListSchema);
  yield put(myOffersLoaded({ verified: true, offers: answer.offers }));
  yield call(readProducerCustomOrders);
}

function* makeOffer(action: ReturnType<typeof offerSubmitted>) {
  const api = yield* fromContext('api');
  try {
    const offer = yield* apiCall(api, { method: 'POST', path: '/studio/offers', body: action.payload });
    assert(offer, ProducerOfferSchema);
    yield put(offerMade(offer));
  } catch (error) {
    yield put(offerRefused(refusalOf(error)));
  }
}

function* saveOffer(action: ReturnType<typeof offerEditSubmitted>) {
  const { offerId, terms } = action.payload;
  const api = yield* fromContext('api');
  try {
    const offer = yield* apiCall(api, { method: 'PUT', path: `/studio/offers/${offerId}`, body: terms });
    assert(offer, ProducerOfferSchema);
    yield put(offerSaved(offer));
  } catch (error) {
    yield put(offerEditRefused({ offerId, ...refusalOf(error) }));
  }
}

function* withdrawOffer(action: ReturnType<typeof offerWithdrawalConfirmed>) {
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, { method: 'DELETE', path: `/studio/offers/${action.payload}` });
    yield put(offerWithdrawn(action.payload));
  } catch (error) {
    yield put(offerWithdrawalFailed({ offerId: action.payload, message: refusalOf(error).message }));
  }
}

/** The producer's offers: made, changed, withdrawn; a second click while one is on its way is ignored. */
export function* producerOfferSagas() {
  yield takeLeading(offerSubmitted.type, makeOffer);
  yield takeLeading(offerEditSubmitted.type, saveOffer);
  yield takeLeading(offerWithdrawalConfirmed.type, withdrawOffer);
}
