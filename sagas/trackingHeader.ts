import { getContext } from 'redux-saga/effects';

/** SPEC §7: cart adds and order creation carry the tracking header when the session has an id. */
export function* trackingHeaders() {
  const trackingId: (() => string) | undefined = yield getContext('trackingId');
  const headers: Record<string, string> = trackingId ? { 'X-Tracking-Id': trackingId() } : {};
  return headers;
}
