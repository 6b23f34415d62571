import { all, call, put } from 'redux-saga/effects';
import { assertAnswer } from '../../shared/api/immutableAnswers';
import { HOME_TRACKS_PER_CATEGORY } from '../../shared/domain/constants';
import { HOME_CATEGORIES, type HomeCategory, homeTracksLoaded } from '../../shared/features/catalogue/catalogueSlice';
import { TrackListSchema } from '../../shared/schemas/track';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

function* loadCategory(category: HomeCategory) {
  const api = yield* fromContext('api');
  const list = yield* apiCall(api, {
    method: 'GET',
    path: '/tracks',
    query: { take: HOME_TRACKS_PER_CATEGORY, ...(category === 'all' ? {} : { category }) },
  });
  assertAnswer(list, TrackListSchema);
  yield put(homeTracksLoaded({ category, tracks: list.tracks }));
}

/** Preload of `/`: 7 tracks of each category, side by side. */
export function* loadHomeTracks() {
  yield all(HOME_CATEGORIES.map(({ category }) => call(loadCategory, category)));
}
