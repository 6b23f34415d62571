import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { array, assert, number, object, string } from 'superstruct';
import { toCents } from '../../shared/domain/money';
import type { Cart } from '../../shared/schemas/cart';
import { percentile } from '../stats';
import { type Measured, runSpread } from './spreadLoad';

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
  /** The cart's total as the buyer last saw it, in cents: the order is placed at it. */
  shownTotal?: number;
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
    {
      method: 'GET',
      setupRequest: (request, context: BuyerContext) => as(request, context, '/api/v1/ecommerce/cart'),
      onResponse: (status, body, context: BuyerContext) => {
        if (status === 200) context.shownTotal = toCents((JSON.parse(body) as Cart).total);
      },
    },
    {
      method: 'POST',
      setupRequest: (request, context: BuyerContext) =>
        as(request, context, '/api/v1/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_visa', coupon: null, expectedTotal: context.shownTotal ?? 0 }),
    },
  ];
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
