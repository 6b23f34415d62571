import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookUrlProblem } from '../../shared/schemas/analyticsWebhooks';
import { HttpError } from '../http/endpoint';

/** A host's addresses, as the system resolver gives them (a test gives its own). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const systemResolver: ResolveHost = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((found) => found.address);

/** Where webhooks may be sent: public addresses only, in every mode; loopback too where a developer's setting allows it. */
export interface WebhookTargetPolicy {
  allowLoopback: boolean;
  resolve: ResolveHost;
}

/** IPv6's global unicast space: anything outside it (`::/96` with an IPv4 address inside, and the like) is not the public internet. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * The range an address is in, by IANA's special-purpose registries as ipaddr.js keeps them:
 * `unicast` is the public internet; anything else (private, loopback, link-local such as the
 * cloud metadata address 169.254.169.254, carrier-grade NAT, multicast, unique-local such as
 * fd00:ec2::254, 0.0.0.0/8, and the IPv6 tunnels and translations that can carry a private IPv4
 * address: NAT64, 6to4, Teredo) is not. An IPv4-mapped address (`::ffff:10.0.0.1`) is judged as
 * the IPv4 address it is. ipaddr.js calls the deprecated IPv4-compatible form (`::127.0.0.1`,
 * `::/96`) and the rest of IPv6 outside 2000::/3 unicast, so those are named here.
 */
function rangeOf(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast' || !(parsed instanceof ipaddr.IPv6)) return range;
  if (parsed.parts.slice(0, 6).every((part) => part === 0)) return 'ipv4Compatible';
  return parsed.match(GLOBAL_UNICAST) ? range : 'reserved';
}

/** The range that keeps a delivery away from this address, or null when it may be sent to. */
function refusedRange(address: string, policy: Pick<WebhookTargetPolicy, 'allowLoopback'>): string | null {
  const range = rangeOf(address);
  return range === 'unicast' || (policy.allowLoopback && range === 'loopback') ? null : range;
}

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** Why this address literal may not be sent to, or null. */
function literalRefusal(hostname: string, policy: WebhookTargetPolicy): string | null {
  const range = refusedRange(bare(hostname), policy);
  return range === null ? null : `${hostname} is not a public address (${range})`;
}

/** Why a host whose name resolved to these addresses may not be sent to, or null: every one of them must be allowed. */
function resolvedRefusal(hostname: string, addresses: readonly string[], policy: WebhookTargetPolicy): string | null {
  if (addresses.length === 0) return `${hostname} does not resolve to an address`;
  for (const address of addresses) {
    const range = refusedRange(address, policy);
    if (range !== null) return `${hostname} resolves to ${address}, which is not a public address (${range})`;
  }
  return null;
}

/**
 * Why the server must not send to this host, or null: every address it resolves to must be
 * public, so a webhook cannot make the server reach into its own network (SSRF).
 */
export async function nonPublicHost(hostname: string, policy: WebhookTargetPolicy): Promise<string | null> {
  if (net.isIP(bare(hostname)) !== 0) return literalRefusal(hostname, policy);
  let addresses: string[];
  try {
    addresses = await policy.resolve(bare(hostname));
  } catch {
    return `${hostname} does not resolve to an address`;
  }
  return resolvedRefusal(hostname, addresses, policy);
}

/**
 * The receiver's address as it is stored, or a 400 saying what is wrong with it: the shared rules
 * (https, no credentials), no `http://` at all in production, and in every mode only public
 * addresses (loopback too where the policy allows it).
 */
export async function checkWebhookUrl(text: string, options: { production: boolean; policy: WebhookTargetPolicy }): Promise<string> {
  const problem = webhookUrlProblem(text);
  if (problem) throw new HttpError(400, `Invalid url: ${problem}`);
  const url = new URL(text.trim());
  if (options.production && url.protocol !== 'https:') throw new HttpError(400, 'Invalid url: URL must start with https://');
  const refusal = await nonPublicHost(url.hostname, options.policy);
  if (refusal) throw new HttpError(400, `Invalid url: ${refusal}; webhooks are delivered to public addresses only`);
  return url.href;
}

/**
 * The `lookup` of a delivery's request: the name is resolved once, every address is checked, and
 * the socket connects to those very addresses, so a name that resolved to a public address at
 * registration and to a private one now (DNS rebinding) is refused at delivery time too, and no
 * second lookup can swap in another address between the check and the connection.
 */
export function checkedLookup(policy: WebhookTargetPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    policy.resolve(hostname).then(
      (addresses) => {
        const refusal = resolvedRefusal(hostname, addresses, policy);
        if (refusal) return callback(new Error(refusal), '');
        const found = addresses
          .map((address) => ({ address, family: net.isIP(address) }))
          .filter((entry) => !options.family || options.family === entry.family || options.family === `IPv${entry.family}`);
        if (found.length === 0) return callback(new Error(`${hostname} has no address of the family asked for`), '');
        if (options.all) return callback(null, found);
        return callback(null, found[0]!.address, found[0]!.family);
      },
      () => callback(new Error(`${hostname} does not resolve to an address`), ''),
    );
  };
}

/** The server's policy: loopback only with WEBHOOK_LOOPBACK_FOR_DEVELOPMENT, names resolved by `deps.resolveHost`. */
export const targetPolicyOf = (deps: { config: { webhookLoopbackForDevelopment: boolean }; resolveHost: ResolveHost }): WebhookTargetPolicy => ({
  allowLoopback: deps.config.webhookLoopbackForDevelopment,
  resolve: deps.resolveHost,
});
