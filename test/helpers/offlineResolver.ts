import type { ResolveHost } from '../../server/analytics/webhookTargets';

/** example.com's public address (RFC 2606's domain, the IANA's server): a receiver that passes the public-address check. */
export const PUBLIC_TEST_ADDRESS = '93.184.215.14';

/**
 * DNS for tests, which must not depend on the network: `localhost` is loopback, names under
 * example.com are public, and any other name does not resolve. A test that needs another answer
 * sets its own on `deps.resolveHost`.
 */
export const offlineResolver: ResolveHost = async (hostname) => {
  if (hostname === 'localhost') return ['127.0.0.1'];
  if (hostname === 'example.com' || hostname.endsWith('.example.com')) return [PUBLIC_TEST_ADDRESS];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};
