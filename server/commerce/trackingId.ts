import type { RequestContext } from '../http/endpoint';
import { HttpError } from '../http/endpoint';

const TRACKING_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** SPEC §7: the storefront's X-Tracking-Id on cart adds and orders goes into the events' metadata. */
export function trackingMetadata(context: RequestContext): Record<string, unknown> | undefined {
  const value = context.headers['x-tracking-id'];
  if (value === undefined || value === '') return undefined;
  if (!TRACKING_ID.test(value)) throw new HttpError(400, 'Invalid X-Tracking-Id: use at most 100 letters, digits, - or _');
  return { trackingId: value };
}
