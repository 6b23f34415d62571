import { AsyncResource } from 'node:async_hooks';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from './logger';

/**
 * A path segment this long is a token (a download link's, a password reset's: 32 characters and
 * more, server/auth/secretTokens.ts, server/commerce/delivery.ts) and never reaches a line.
 */
const TOKEN_LENGTH = 32;

/** The request's path as a line may hold it: no query (it may hold a person's data), tokens replaced. */
export function loggablePath(request: Pick<Request, 'originalUrl'>): string {
  const path = request.originalUrl.split('?', 1)[0]!.slice(0, 300);
  return path
    .split('/')
    .map((segment) => (segment.length >= TOKEN_LENGTH ? ':token' : segment))
    .join('/');
}

/** Why a request was refused, for its line: the message the answer gave, set where the answer is made. */
export function noteRefusal(response: Response, reason: string): void {
  response.locals.refusal = reason;
}

/**
 * One line for every request answered with a 4xx: the caller's mistake (a bad form, an unknown
 * address, a rate limit, a refused cross-site write) is invisible to whoever runs the server
 * otherwise, and the line's request id is the one the answer carried in X-Request-Id. A 5xx is
 * logged where it happens, with its cause; answers that went well are lines at debug.
 */
export function refusedRequests(log: Logger): RequestHandler {
  return (request, response, next) => {
    const started = performance.now();
    // Bound to the request's context, so the line carries its request id.
    response.on(
      'finish',
      AsyncResource.bind(() => {
        const status = response.statusCode;
        // A 5xx has its own line; a good answer's is written only at debug, so at info it costs nothing.
        if (status >= 500 || (status < 400 && !log.isLevelEnabled('debug'))) return;
        const fields = { method: request.method, path: loggablePath(request), status, ms: Math.round(performance.now() - started) };
        if (status >= 400) log.info({ ...fields, reason: typeof response.locals.refusal === 'string' ? response.locals.refusal : undefined }, 'Request refused');
        else log.debug(fields, 'Request answered');
      }),
    );
    next();
  };
}
