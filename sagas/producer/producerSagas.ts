import { call, put, takeLeading } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { ApiError } from '../../shared/api/apiClient';
import { selectUser } from '../../shared/features/auth/authSlice';
import {
  followClicked,
  followFailed,
  followPending,
  followSucceeded,
  PRODUCER_PAGE_TRACKS,
  producerPageLoaded,
  selectProducer,
} from '../../shared/features/producer/producerSlice';
import { PageFailure } from '../../shared/routes/pageFailure';
import { type Producer, ProducerSchema } from '../../shared/schemas/producer';
import { type ProducerOffer, ProducerOfferListSchema } from '../../shared/schemas/producerOffers';
import { TrackListSchema } from '../../shared/schemas/track';
import { popupOpened } from '../auth/popupActions';
import type { PreloadInput } from '../navigation/routePreloaders';
import { failureMessage } from '../failureMessage';
import { backgroundReadFailed } from '../shell/failureActions';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/**
 * The producer's live custom services. They are a section of the page, not the page: a failed
 * read leaves the section out (logged) rather than taking the producer and their tracks down with it.
 */
function* readOffers(producerId: number): Generator<unknown, ProducerOffer[], never> {
  const api = yield* fromContext('api');
  try {
    const answer = yield* apiCall(api, { method: 'GET', path: '/offers', query: { producer: producerId } });
    assert(answer, ProducerOfferListSchema);
    return answer.offers;
  } catch (error) {
    yield put(backgroundReadFailed({ what: `the custom services of producer ${producerId}`, message: failureMessage(error) }));
    return [];
  }
}

/**
 * Preload of /{id} and /beatmaker/{id}: the producer (alreadyFollowed for the session's user),
 * their first tracks and their custom services. An id that names no producer gives the 404 page.
 */
export function* loadProducerPage({ params }: PreloadInput) {
  const api = yield* fromContext('api');
  let producer: Producer;
  try {
    producer = yield call([api, api.request], { method: 'GET', path: `/users/producer/${encodeURIComponent(params.id ?? '')}` });
  } catch (error) {
    // The API refuses (400) a name it could never hold; for the page that is a producer not found.
    if (error instanceof ApiError && error.statusCode === 400) throw new PageFailure(404, 'Page not found');
    throw error;
  }
  assert(producer, ProducerSchema);
  const list = yield* apiCall(api, {
    method: 'GET',
    path: '/tracks',
    query: { author_id: producer.id, take: PRODUCER_PAGE_TRACKS },
  });
  assert(list, TrackListSchema);
  const offers: ProducerOffer[] = yield call(readOffers, producer.id);
  yield put(producerPageLoaded({ producer, tracks: list.tracks, offers }));
}

/** POST follow / DELETE unfollow; SPEC §7, §8: the producer as it now stands, or false on failure. */
export function* requestFollow(producerId: number, follow: boolean): Generator<unknown, Producer | false, never> {
  const api = yield* fromContext('api');
  try {
    const answer = yield* apiCall(api, {
      method: follow ? 'POST' : 'DELETE',
      path: `/users/producer/${producerId}/${follow ? 'follow' : 'unfollow'}`,
    });
    assert(answer, ProducerSchema);
    return answer;
  } catch {
    return false;
  }
}

/** A guest gets the login popup; a member follows or unfollows, and the answer replaces the producer. */
function* toggleFollow() {
  const user = yield* select(selectUser);
  if (!user) {
    yield put(popupOpened('login'));
    return;
  }
  const producer = yield* select(selectProducer);
  if (!producer) return;
  yield put(followPending());
  const answer: Producer | false = yield call(requestFollow, producer.id, !producer.alreadyFollowed);
  yield put(answer === false ? followFailed() : followSucceeded(answer));
}

export function* producerSagas() {
  // takeLeading: a click while a call is still pending is ignored.
  yield takeLeading(followClicked.type, toggleFollow);
}
