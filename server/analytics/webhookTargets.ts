import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookUrlProblem } from '../../shared/schemas/analyticsWebhooks';
import { HttpError } from '../http/endpoint';

/** A host's addresses, as the system resolver gives them (a test gives its own). */
type ResolveHost = (hostname: string) => Promise<string[]>;

const systemResolver: ResolveHost = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((found) => found.address);

/**
 * The range an address is in, by IANA's special-purpose registries as ipaddr.js keeps them:
 * `unicast` is the public internet; anything else (private, loopback, link-local such as the
 * cloud metadata address 169.254.169.254, carrier-grade NAT, multicast, reserved, IPv6 tunnels
 * and translations that can carry a private IPv4 address) is not. An IPv4 address written as
 * IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is.
 */
function rangeOf(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.process(address).range() : 'invalid';
}

const isPublicAddress = (address: string): boolean => rangeOf(address) === 'unicast';

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why a production server must not send to this host, or null: every address it resolves to must
 * be public, so a webhook cannot make the server reach into its own network (SSRF).
 */
export async function nonPublicHost(hostname: string, resolve: ResolveHost = systemResolver): Promise<string | null> {
  const host = bare(hostname);
  if (net.isIP(host) !== 0) return isPublicAddress(host) ? null : `${hostname} is not a public address (${rangeOf(host)})`;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return `${hostname} does not resolve to an address`;
  }
  if (addresses.length === 0) return `${hostname} does not resolve to an address`;
  const refused = addresses.find((address) => !isPublicAddress(address));
  return refused === undefined ? null : `${hostname} resolves to ${refused}, which is not a public address (${rangeOf(refused)})`;
}

/**
 * The receiver's address as it is stored, or a 400 saying what is wrong with it: the shared rules
 * (https, no credentials), then in production no `http://` at all and only public addresses.
 */
export async function checkWebhookUrl(text: string, production: boolean, resolve: ResolveHost = systemResolver): Promise<string> {
  const problem = webhookUrlProblem(text);
  if (problem) throw new HttpError(400, `Invalid url: ${problem}`);
  const url = new URL(text.trim());
  if (production) {
    if (url.protocol !== 'https:') throw new HttpError(400, 'Invalid url: URL must start with https://');
    const refusal = await nonPublicHost(url.hostname, resolve);
    if (refusal) throw new HttpError(400, `Invalid url: ${refusal}; webhooks are delivered to public addresses only`);
  }
  return url.href;
}

/**
 * The `lookup` of a production delivery's request: the addresses the socket is about to connect
 * to are the ones checked, so a name that resolved to a public address at registration and to a
 * private one now (DNS rebinding) is refused at delivery time too.
 */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const refused = addresses.find((found) => !isPublicAddress(found.address));
    if (refused || addresses.length === 0) {
      const reason = refused ? `${hostname} resolves to ${refused.address}, which is not a public address (${rangeOf(refused.address)})` : `${hostname} does not resolve to an address`;
      return callback(new Error(reason), '');
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
