import type { ErrorRequestHandler } from 'express';
import type { AppDeps } from '../appDeps';
import { resolveSessionCookie } from '../auth/sessions';
import { isDatabaseUnavailable } from '../db/databaseUnavailable';
import { reasonOf } from '../logging/logger';
import { requestContext } from '../http/expressEndpoints';
import { requestBodyErrorAnswer } from '../http/requestBodyErrors';
import { type ClientAssets, errorPageFallbackHtml } from './htmlDocument';
import { renderErrorPage } from './renderPage';

/**
 * Failures outside the API (a malformed path, a path the static files refuse, a page render that
 * threw) get the storefront's error page with their real status: Express's own handler would send
 * a stack trace with server paths. A missing asset or preview stays a plain 404, and a form post
 * whose body cannot be read (the sandbox's pages) gets what was wrong with it as plain text.
 */
export function pageErrorHandler(deps: AppDeps, assets: ClientAssets): ErrorRequestHandler {
  return async (error: unknown, request, response, next) => {
    if (response.headersSent) return next(error);
    const unreadableBody = requestBodyErrorAnswer(error);
    if (unreadableBody) {
      response.status(unreadableBody.statusCode).type('text').send(unreadableBody.message);
      return;
    }
    // Without its database the page cannot be rendered at all; the process stays up and recovers.
    if (isDatabaseUnavailable(error)) {
      deps.log.error('Page request failed: the database is unavailable');
      response.set('Retry-After', '10');
      response.status(503).type('html').send(errorPageFallbackHtml());
      return;
    }
    const status = (error as { status?: unknown }).status;
    const statusCode = typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
    if (statusCode === 500) deps.log.error({ reason: reasonOf(error) }, 'Page request failed');
    if (statusCode === 404) {
      response.status(404).type('text').send('Not found');
      return;
    }
    // A path that failed to match never reached the session resolver; the header still shows who is logged in.
    if (request.accountSession === undefined) {
      request.accountSession = await resolveSessionCookie(deps, request.cookies as Record<string, string | undefined>).catch(() => null);
    }
    const url = new URL(request.originalUrl, 'http://placeholder.invalid');
    const page = await renderErrorPage({ pathname: url.pathname, search: url.search }, statusCode, requestContext(request), deps, assets);
    response.set('Cache-Control', 'private, no-cache');
    response.status(page.status).type('html').send(page.html);
  };
}
