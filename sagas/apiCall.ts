import type { CallEffect } from 'redux-saga/effects';
import { call } from 'redux-saga/effects';
import type { ApiClient, ApiRequest } from '../shared/api/apiClient';

/**
 * The API's answer to `request`, typed `unknown` until the saga decodes it with the shared
 * schema: `const answer = yield* apiCall(api, {...})`. It yields the same effect as
 * `call([api, api.request], request)`, so tests and the action log see no difference; it exists
 * because redux-saga types what a `yield` gives back as `any`, which a saga could take for anything.
 */
export function* apiCall(api: ApiClient, request: ApiRequest): Generator<CallEffect, unknown, unknown> {
  return yield call([api, api.request], request);
}
