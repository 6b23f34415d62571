import express, { type ErrorRequestHandler, type Request } from 'express';
import type { AppDeps } from '../appDeps';
import { writeSessionCookie } from '../auth/sessionCookie';
import { type Endpoint, type FileAnswer, HttpError, type RequestContext } from './endpoint';
import { authorize, noSuchCall } from './endpointAccess';
import { logger, reasonOf } from '../logging/logger';
import { noteRefusal } from '../logging/refusedRequests';
import { toErrorAnswer } from './errorAnswer';
import { sharedAnswersOf, sharingMark } from './sharedAnswers';

export function requestContext(request: Request): RequestContext {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return {
    ip: request.ip ?? '',
    cookies: (request.cookies ?? {}) as Record<string, string>,
    headers,
    session: request.accountSession,
  };
}

/** Mounts endpoints on an Express router; each answers JSON, or the file its result names. */
export function endpointRouter(endpoints: readonly Endpoint[], deps: AppDeps): express.Router {
  const router = express.Router();
  const shared = sharedAnswersOf(deps.database);
  for (const endpoint of endpoints) {
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](endpoint.path, async (request, response) => {
      authorize(endpoint, request.accountSession, request.path);
      const mark = sharingMark(deps.database, endpoint);
      if (mark !== null) {
        const kept = shared.get(request.url, mark);
        if (kept !== undefined) return void response.type('json').send(kept);
      }
      const result = await endpoint.handle(
        { params: request.params as Record<string, string>, query: request.query, body: request.body, context: requestContext(request) },
        deps,
      );
      if (result.sessionCookie !== undefined) writeSessionCookie(request, response, deps.config, result.sessionCookie);
      for (const cookie of result.cookies ?? []) {
        const options = { httpOnly: true, sameSite: 'lax' as const, secure: request.secure, path: '/' };
        if (cookie.value === null) response.clearCookie(cookie.name, options);
        else response.cookie(cookie.name, cookie.value, { ...options, maxAge: cookie.maxAgeMs });
      }
      const status = result.status ?? 200;
      if (result.file) return void sendFile(response, status, result.file);
      if (mark === null || status !== 200) return void response.status(status).json(result.body);
      const json = JSON.stringify(result.body);
      shared.keep(request.url, mark, json);
      response.type('json').send(json);
    });
  }
  return router;
}

function sendFile(response: express.Response, status: number, file: FileAnswer): void {
  if (file.attachmentName !== undefined) response.attachment(file.attachmentName);
  response.status(status).set(file.headers ?? {}).type(file.contentType).send(file.content);
}

export const apiNotFound: express.RequestHandler = (request) => {
  throw noSuchCall(request.method, request.path);
};

/** The route that matched (its pattern, `/api/v1/orders/:id`), never the path itself, which may hold a token. */
const routeOf = (request: Request): string => `${request.baseUrl}${request.route?.path ?? ''}`;

/** Known failures become 4xx answers; anything else is a bug, logged without request data (the line's requestId finds the request). */
export const apiErrorHandler: ErrorRequestHandler = (error: unknown, request, response, next) => {
  if (response.headersSent) return next(error);
  const answer = toErrorAnswer(error);
  if (answer?.statusCode === 503) {
    // Without request data: only what went wrong with the database, for whoever runs the server.
    logger.error({ method: request.method, route: routeOf(request), reason: reasonOf(error) }, 'Database unavailable');
    response.set('Retry-After', '10');
  }
  if (answer) {
    if (answer.statusCode < 500) noteRefusal(response, answer.message);
    response.status(answer.statusCode).json(error instanceof HttpError ? { ...error.details, ...answer } : answer);
    return;
  }
  logger.error({ method: request.method, route: routeOf(request), err: error }, 'Request failed');
  response.status(500).json({ statusCode: 500, message: 'Internal server error' });
};
