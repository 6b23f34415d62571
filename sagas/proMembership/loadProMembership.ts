import { put } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { proMembershipLoaded } from '../../shared/features/proMembership/proMembershipSlice';
import { ProductSchema } from '../../shared/schemas/track';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

/** Preload of /pro-membership: GET /tracks/promembership (SPEC §7). */
export function* loadProMembership() {
  const api = yield* fromContext('api');
  const product = yield* apiCall(api, { method: 'GET', path: '/tracks/promembership' });
  assert(product, ProductSchema);
  yield put(proMembershipLoaded(product));
}
