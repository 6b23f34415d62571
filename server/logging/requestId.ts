import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { inRequest } from './logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * An id a client or a proxy in front may hand us: letters, digits and dashes, 8 to 64 of them (a
 * UUID fits). Anything else (too long, with line breaks, quotes or braces) is not let into our logs.
 */
const GIVEN_REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The id a request is handled under: the one it came with when well formed, else a fresh UUID. */
export function requestIdFor(given: string | undefined): string {
  return given !== undefined && GIVEN_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Gives every request an id, answers it in `X-Request-Id`, and handles the rest of the request in
 * its log context, so that every line written meanwhile carries it (`requestId`) and can be found
 * from the answer. A well-formed id the request came with is kept, so a proxy's id follows the
 * request through.
 */
export const requestId: RequestHandler = (request, response, next) => {
  const id = requestIdFor(request.get(REQUEST_ID_HEADER));
  response.setHeader(REQUEST_ID_HEADER, id);
  inRequest(id, next);
};
