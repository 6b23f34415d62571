import type { RequestHandler } from 'express';
import type { AppDeps } from '../appDeps';
import { type AccountSession, resolveSessionCookie } from './sessions';

declare global {
  namespace Express {
    interface Request {
      /** Set by `sessionResolver` for API and page requests: the logged-in account, or null. */
      accountSession?: AccountSession | null;
    }
  }
}

/** Resolves the session cookie once per request, before any endpoint or page render looks at it. */
export function sessionResolver(deps: AppDeps): RequestHandler {
  return async (request, _response, next) => {
    request.accountSession = await resolveSessionCookie(deps, request.cookies as Record<string, string | undefined>);
    next();
  };
}
