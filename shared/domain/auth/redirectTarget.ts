/**
 * A reference that resolves against this origin is relative: `.invalid` is reserved (RFC 2606)
 * and no real site has it, so whatever leaves it was an address on another site.
 */
const THIS_SITE = 'https://storefront.invalid';

/**
 * Characters a browser's URL parser drops or reads as a slash (tab, newline, backslash), and
 * any other control or space character: `/\t/evil.example` is `//evil.example` to the browser.
 */
const UNSAFE = /[\p{Cc}\p{Z}\\\uFEFF]/u;
/** `https:evil.example` is a path against an https page but another site against an http one. */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * Where a `?services=` address may send the browser after login: only to `allowedOrigin` (the
 * dashboard site), or, without one, to a path on this site. The address is parsed as the browser
 * would parse it and its origin compared whole; what comes back is the parsed form (an absolute
 * URL on the allowed origin, or a path), never the text as given. Null for anything else: the
 * address comes from a link anyone can write.
 */
export function redirectTarget(address: string, allowedOrigin: string): string | null {
  if (UNSAFE.test(address) || (!allowedOrigin && HAS_SCHEME.test(address))) return null;
  const base = allowedOrigin || THIS_SITE;
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin || url.username !== '' || url.password !== '') return null;
  return allowedOrigin ? url.href : `${url.pathname}${url.search}${url.hash}`;
}
