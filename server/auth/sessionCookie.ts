import type { CookieOptions, Request, Response } from 'express';
import type { Config } from '../config';
import { SESSION_LIFETIME_MS } from './sessions';

/** A session cookie an answer sets (a new token) or clears (null). */
export type SessionCookie = { token: string; persistent: boolean } | null;

/**
 * httpOnly keeps the token from scripts; SameSite=Lax keeps it off cross-site subrequests;
 * Secure whenever the request came over HTTPS (behind a proxy too, with TRUST_PROXY).
 * Without "remember me" the cookie has no Max-Age and ends with the browser session.
 */
export function writeSessionCookie(request: Request, response: Response, config: Config, cookie: SessionCookie): void {
  const name = config.sessionCookieName;
  const options: CookieOptions = { httpOnly: true, sameSite: 'lax', secure: request.secure, path: '/' };
  if (cookie === null) response.clearCookie(name, options);
  else if (cookie.persistent) response.cookie(name, cookie.token, { ...options, maxAge: SESSION_LIFETIME_MS.remembered });
  else response.cookie(name, cookie.token, options);
}
