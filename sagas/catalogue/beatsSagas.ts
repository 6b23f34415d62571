import { all, call, put, takeLatest } from 'redux-saga/effects';
import { assertAnswer } from '../../shared/api/immutableAnswers';
import { parseBeatsQuery, writeBeatsQuery } from '../../shared/domain/catalogue/beatsQuery';
import { beatsFiltersChanged, beatsMoreFailed, beatsMoreLoaded, beatsMoreRequested, beatsPageLoaded, genresLoaded, moodsLoaded, selectBeats, selectGenres, selectMoods } from '../../shared/features/catalogue/catalogueSlice';
import { navigationRequested } from '../../shared/features/navigation/navigationSlice';
import {
  GenreListSchema,
  MoodListSchema,
  type TrackList,
  TrackListSchema,
} from '../../shared/schemas/track';
import type { PreloadInput } from '../navigation/routePreloaders';
import { failureMessage } from '../failureMessage';
import { backgroundReadFailed } from '../shell/failureActions';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

export const BEATS_PAGE_SIZE = 20;

/** The API takes the same parameters the /beats URL carries. */
const apiQuery = (search: string, skip: number) => ({
  ...Object.fromEntries(new URLSearchParams(search)),
  skip,
  take: BEATS_PAGE_SIZE,
});

function* fetchPage(search: string, skip: number) {
  const api = yield* fromContext('api');
  const list = yield* apiCall(api, { method: 'GET', path: '/tracks', query: apiQuery(search, skip) });
  assertAnswer(list, TrackListSchema);
  return list.tracks;
}

function* loadGenres() {
  const loaded = yield* select(selectGenres);
  if (loaded.length > 0) return;
  const api = yield* fromContext('api');
  const genres = yield* apiCall(api, { method: 'GET', path: '/genres' });
  assertAnswer(genres, GenreListSchema);
  yield put(genresLoaded(genres));
}

/** SPEC §8: a moods failure is only logged; the panel works without them. */
function* loadMoods() {
  const loaded = yield* select(selectMoods);
  if (loaded.length > 0) return;
  const api = yield* fromContext('api');
  try {
    const moods = yield* apiCall(api, { method: 'GET', path: '/moods' });
    assertAnswer(moods, MoodListSchema);
    yield put(moodsLoaded(moods));
  } catch (error) {
    yield put(backgroundReadFailed({ what: 'moods', message: failureMessage(error) }));
  }
}

/** Preload of /beats: the first page for the URL's filters, written canonically, and the panel's lists. */
export function* loadBeats({ query }: PreloadInput) {
  const search = writeBeatsQuery(parseBeatsQuery(query));
  const [tracks]: [TrackList['tracks']] = yield all([call(fetchPage, search, 0), call(loadGenres), call(loadMoods)]);
  yield put(beatsPageLoaded({ search, tracks }));
}

/** The next page, appended; a newer filter change makes an older answer stale. */
function* loadMore() {
  const beats = yield* select(selectBeats);
  if (beats.fullyLoaded) return;
  try {
    const tracks: TrackList['tracks'] = yield call(fetchPage, beats.search, beats.tracks.length);
    yield put(beatsMoreLoaded({ search: beats.search, tracks }));
  } catch {
    yield put(beatsMoreFailed());
  }
}

function* applyFilters({ payload }: ReturnType<typeof beatsFiltersChanged>) {
  yield put(navigationRequested({ pathname: '/beats', search: writeBeatsQuery(payload), mode: 'push' }));
}

export function* beatsSagas() {
  yield takeLatest(beatsFiltersChanged.type, applyFilters);
  yield takeLatest(beatsMoreRequested.type, loadMore);
}
