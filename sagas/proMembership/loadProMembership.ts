import { call, getContext, put } from 'redux-saga/effects';
import { assert } from 'superstruct';
import type { ApiClient } from '../../shared/api/apiClient';
import { proMembershipLoaded } from '../../shared/features/proMembership/proMembershipSlice';
import { type Product, ProductSchema } from '../../shared/schemas/track';

/** Preload of /pro-membership: GET /tracks/promembership (SPEC §7). */
export function* loadProMembership() {
  const api: ApiClient = yield getContext('api');
  const product: Product = yield call([api, api.request], { method: 'GET', path: '/tracks/promembership' });
  assert(product, ProductSchema);
  yield put(proMembershipLoaded(product));
}
