import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses writes that a browser sent on behalf of another site. Browsers mark such requests
 * with Sec-Fetch-Site, and older ones with an Origin that is not ours; cookies then cannot be
 * used to act for a visitor without them knowing (CSRF).
 */
export const crossSiteWriteGuard: RequestHandler = (request, response, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  const site = request.get('sec-fetch-site');
  const origin = request.get('origin');
  const crossSite =
    site === 'cross-site' || site === 'same-site' || (origin !== undefined && origin !== 'null' && !sameHost(origin, request.host));
  if (crossSite) {
    response.status(403).json({ statusCode: 403, message: 'Cross-site requests may not change anything here' });
    return;
  }
  next();
};

/** `request.host` follows X-Forwarded-Host behind a trusted proxy, where the browser's origin is public. */
function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
