import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { array, assert, number, object, string } from 'superstruct';
import { percentile } from '../stats';

/**
 * The load generator of the mixed-load bench, run as its own process (`node --import tsx
 * bench/load/loadClient.ts <plan as JSON>`) so that generating requests never competes with the
 * server for the same event loop. It prints one JSON line with autocannon's results.
 *
 * Every buyer is one connection going round the shop as a logged-in buyer: filter the catalogue,
 * open a beat, fetch its peaks, play it, put a sample pack in the cart, look at the cart and pay
 * for it with the sandbox card. Pages (server-rendered HTML) come from visitors of their own.
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
  track?: number;
}

/** One buyer's round of the shop, every request with the buyer's session cookie. */
function buyerRound(plan: Plan, cookie: string): autocannon.Request[] {
  const as = (request: autocannon.Request, _context: BuyerContext, path: string, body?: unknown): autocannon.Request => {
    const headers: Record<string, string> = { cookie };
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

interface Counts {
  requests: number;
  requestsPerSecond: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, { count: number }>;
}

interface Measured {
  summary: Counts;
  /** Every 2xx answer's latency in ms, with the coordinated-omission fill below. */
  latencies: number[];
}

/**
 * Runs autocannon and keeps each answer's latency itself. Autocannon's own correction for
 * coordinated omission (on whenever a rate is set) takes the expected interval between a
 * connection's requests as `Math.ceil(1 / rate)`, seconds rounded up to one millisecond: an answer
 * of L ms is then recorded L times (L, L−1, …, 1), which weights every answer by its own latency.
 * The correction is done here with the real interval, 1000 / rate ms, the way HdrHistogram's
 * recordValueWithExpectedInterval means it: an answer slower than the interval stands in for the
 * requests its connection could not send meanwhile.
 */
function run(options: autocannon.Options, connectionRate: number | undefined): Promise<{ result: autocannon.Result; latencies: number[] }> {
  const latencies: number[] = [];
  const interval = connectionRate === undefined ? undefined : 1000 / connectionRate;
  return new Promise((resolve, reject) => {
    const instance = autocannon({ ...options, ignoreCoordinatedOmission: interval !== undefined }, (error, result) => (error ? reject(error) : resolve({ result, latencies })));
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode < 200 || statusCode >= 300) return;
      latencies.push(responseTime);
      if (interval === undefined) return;
      for (let missed = responseTime - interval; missed >= interval; missed -= interval) latencies.push(missed);
    });
  });
}

/** `total` requests per second shared out over `count` connections as whole numbers, none below 1. */
function shareOut(total: number, count: number): number[] {
  const each = Math.floor(total / count);
  return Array.from({ length: count }, (_, index) => Math.max(1, each + (index < total % count ? 1 : 0)));
}

/**
 * Runs one autocannon instance per connection, their starts spread evenly over the first second.
 * Autocannon paces a rate by letting each connection send its quota at the top of every second
 * and then wait: started together, all connections would burst at the same instant each second
 * (a load at half the peak would be the full peak half of the time). Real buyers are not
 * synchronised to the wall clock; spreading the starts spreads the bursts.
 */
async function runSpread(plan: Plan, rate: number | undefined, requestsOf: ReadonlyArray<autocannon.Request[]>): Promise<Measured> {
  const rates = rate === undefined ? undefined : shareOut(rate, requestsOf.length);
  const runs = await Promise.all(
    requestsOf.map(async (requests, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * 1000) / requestsOf.length));
      const connectionRate = rates?.[index];
      return run({ url: plan.origin, connections: 1, duration: plan.seconds, connectionRate, requests }, connectionRate);
    }),
  );
  const statusCodeStats: Record<string, { count: number }> = {};
  for (const { result } of runs) {
    for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) statusCodeStats[status] = { count: (statusCodeStats[status]?.count ?? 0) + count };
  }
  const sum = (of: (result: autocannon.Result) => number) => runs.reduce((total, { result }) => total + of(result), 0);
  return {
    latencies: runs.flatMap(({ latencies }) => latencies),
    summary: {
      requests: sum((result) => result.requests.total),
      requestsPerSecond: sum((result) => result.requests.average),
      max: Math.max(...runs.map(({ result }) => result.latency.max)),
      errors: sum((result) => result.errors),
      timeouts: sum((result) => result.timeouts),
      non2xx: sum((result) => result.non2xx),
      statusCodes: statusCodeStats,
    },
  };
}

async function main(): Promise<void> {
  const plan: unknown = JSON.parse(process.argv[2] ?? '{}');
  assert(plan, PlanSchema);
  const connections = plan.buyers.length + plan.pageConnections;
  const apiRate = plan.rate > 0 ? Math.max(plan.buyers.length, Math.round((plan.rate * plan.buyers.length) / connections)) : undefined;
  const pageRate = plan.rate > 0 ? Math.max(plan.pageConnections, plan.rate - (apiRate ?? 0)) : undefined;
  const pageVisit: autocannon.Request[] = [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pick(PAGES) }) }];
  const [api, pages] = await Promise.all([
    runSpread(plan, apiRate, plan.buyers.map((cookie) => buyerRound(plan, cookie))),
    runSpread(plan, pageRate, Array.from({ length: plan.pageConnections }, () => pageVisit)),
  ]);
  const summary = ({ summary: counts, latencies }: Measured) => ({ ...counts, p50: percentile(latencies, 50), p99: percentile(latencies, 99) });
  process.stdout.write(`${JSON.stringify({ api: summary(api), pages: summary(pages) })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
