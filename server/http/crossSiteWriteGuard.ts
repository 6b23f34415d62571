import type { Request, RequestHandler } from 'express';
import type { Config } from '../config';
import { noteRefusal } from '../logging/refusedRequests';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const REFUSED = { statusCode: 403, message: 'Cross-site requests may not change anything here' } as const;

/**
 * Refuses writes that a browser sent on behalf of another site (CSRF). The Origin a browser
 * puts on a write is compared whole — scheme, host and port — with the origins we serve: the
 * public URL, the dashboard and admin sites when they are set, and the origin the request itself
 * reached. `Origin: null` (sandboxed frames, cross-origin redirects, file: pages) is never ours.
 * Without an Origin, Sec-Fetch-Site decides; a request with neither is not from a browser
 * that could be tricked into sending our cookies.
 */
export function crossSiteWriteGuard(config: Pick<Config, 'publicUrl' | 'publicUrls'>): RequestHandler {
  const configured = [config.publicUrl, config.publicUrls.dashboard, config.publicUrls.admin]
    .map(originOf)
    .filter((origin) => origin !== null);
  return (request, response, next) => {
    if (SAFE_METHODS.has(request.method)) return next();
    const origin = request.get('origin');
    const allowed =
      origin === undefined
        ? !['cross-site', 'same-site'].includes(request.get('sec-fetch-site') ?? '')
        : isOneOf(originOf(origin), [...configured, ownOrigin(request)]);
    if (!allowed) {
      noteRefusal(response, REFUSED.message);
      response.status(403).json(REFUSED);
      return;
    }
    next();
  };
}

const isOneOf = (origin: string | null, ours: readonly (string | null)[]) => origin !== null && ours.includes(origin);

/** The origin of a URL; null for what has none (`null`, `file:`, `data:`, garbage), which is never ours. */
function originOf(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** `protocol` and `host` follow X-Forwarded-Proto and -Host behind a trusted proxy, where the browser's origin is public. */
function ownOrigin(request: Request): string | null {
  return request.host ? originOf(`${request.protocol}://${request.host}`) : null;
}
