import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { array, assert, number, object, string } from 'superstruct';

/**
 * The load generator of the mixed-load bench, run as its own process (`node --import tsx
 * bench/load/loadClient.ts <plan as JSON>`) so that generating requests never competes with the
 * server for the same event loop. It prints one JSON line with autocannon's results.
 *
 * Every connection is one logged-in buyer going round the shop: filter the catalogue, open a
 * beat, fetch its peaks, play it, put a sample pack in the cart, look at the cart and pay for it
 * with the sandbox card. Pages (server-rendered HTML) come from a second set of connections.
 */
const PlanSchema = object({
  origin: string(),
  seconds: number(),
  /** Requests per second for the whole run; 0: as fast as the connections go. */
  rate: number(),
  buyers: array(string()),
  trackIds: array(number()),
  packIds: array(number()),
  pageConnections: number(),
});
type Plan = typeof PlanSchema.TYPE;

const FILTERS = ['genre=1&sortby=price-to-high', 'mood=3,5&bpm=80,140', 'key=C,G&scale=minor&hidesold=true', 'category=new&vocaltype=novocal', 'tags=dark'];
const PAGES = ['/', '/beats', '/beats?genre=2&sortby=price-to-low', '/cart', '/terms-and-conditions'];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface BuyerContext {
  cookie?: string;
  track?: number;
}

/**
 * Each connection is one buyer: its first request takes the next buyer's session cookie into the
 * connection's context (autocannon keeps one context per connection), and every request sends it.
 */
function buyerRound(plan: Plan): autocannon.Request[] {
  let nextBuyer = 0;
  const as = (request: autocannon.Request, context: BuyerContext, path: string, body?: unknown): autocannon.Request => {
    context.cookie ??= plan.buyers[nextBuyer++ % plan.buyers.length]!;
    const headers: Record<string, string> = { cookie: context.cookie };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return { ...request, path, headers: { ...headers, ...(path.endsWith('/orders/stripe') ? { 'idempotency-key': `load-${randomUUID()}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) };
  };
  return [
    { method: 'GET', setupRequest: (request, context: BuyerContext) => as(request, context, `/api/v1/tracks?take=24&${pick(FILTERS)}`) },
    {
      method: 'GET',
      setupRequest: (request, context: BuyerContext) => {
        context.track = pick(plan.trackIds);
        return as(request, context, `/api/v1/tracks/${context.track}`);
      },
    },
    { method: 'GET', setupRequest: (request, context: BuyerContext) => as(request, context, `/api/v1/audio/peaks/${context.track}`) },
    { method: 'POST', setupRequest: (request, context: BuyerContext) => as(request, context, `/api/v1/tracks/${context.track}/play`) },
    {
      method: 'POST',
      setupRequest: (request, context: BuyerContext) => as(request, context, '/api/v1/ecommerce/cart', { product: pick(plan.packIds), includeProjectFile: false }),
    },
    { method: 'GET', setupRequest: (request, context: BuyerContext) => as(request, context, '/api/v1/ecommerce/cart') },
    {
      method: 'POST',
      setupRequest: (request, context: BuyerContext) => as(request, context, '/api/v1/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_visa', coupon: null }),
    },
  ];
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function main(): Promise<void> {
  const plan: unknown = JSON.parse(process.argv[2] ?? '{}');
  assert(plan, PlanSchema);
  const apiRate = plan.rate > 0 ? Math.max(1, Math.round((plan.rate * plan.buyers.length) / (plan.buyers.length + plan.pageConnections))) : undefined;
  const pageRate = plan.rate > 0 && apiRate !== undefined ? Math.max(1, plan.rate - apiRate) : undefined;
  const [api, pages] = await Promise.all([
    run({
      url: plan.origin,
      connections: plan.buyers.length,
      duration: plan.seconds,
      overallRate: apiRate,
      requests: buyerRound(plan),
    }),
    run({
      url: plan.origin,
      connections: plan.pageConnections,
      duration: plan.seconds,
      overallRate: pageRate,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pick(PAGES) }) }],
    }),
  ]);
  const summary = (result: autocannon.Result) => ({
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
  });
  process.stdout.write(`${JSON.stringify({ api: summary(api), pages: summary(pages) })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
