import { cancelled } from 'redux-saga/effects';
import type { ApiClient, ApiRequest } from '../shared/api/apiClient';
import { apiCall } from './apiCall';

/**
 * An API call that ends with the saga making it: when the saga is cancelled (a newer tag search
 * under takeLatest, a wishlist toggle's opposite request) the request is aborted, so the browser
 * drops it instead of waiting for an answer nobody will read.
 */
export function* cancellableRequest(api: ApiClient, request: ApiRequest) {
  const controller = new AbortController();
  try {
    const answer = yield* apiCall(api, { ...request, signal: controller.signal });
    return answer;
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}
