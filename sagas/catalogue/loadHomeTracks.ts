import { call, getContext, put } from 'redux-saga/effects';
import { assert } from 'superstruct';
import type { ApiClient } from '../../shared/api/apiClient';
import { HOME_TRACKS_PER_CATEGORY } from '../../shared/domain/constants';
import { homeTracksLoaded } from '../../shared/features/catalogue/catalogueSlice';
import { type TrackList, TrackListSchema } from '../../shared/schemas/track';

export function* loadHomeTracks() {
  const api: ApiClient = yield getContext('api');
  const list: TrackList = yield call([api, api.request], {
    method: 'GET',
    path: '/tracks',
    query: { take: HOME_TRACKS_PER_CATEGORY },
  });
  assert(list, TrackListSchema);
  yield put(homeTracksLoaded(list.tracks));
}
