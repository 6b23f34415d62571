import { type Kysely, sql } from 'kysely';
import type { AnalyticsEventName } from '../../../shared/schemas/analytics';
import { type BeatPlays, type BeatSales, FUNNEL_STEPS, type FunnelRow, type ShopReport, TOP_PRODUCTS } from '../../../shared/schemas/analyticsReports';
import type { Database, DatabaseKind } from '../../db/database';
import type { Tables } from '../../db/schema';
import type { ReportRange } from './reportRange';

/** The product type the catalogue gives a beat (the stream's category `beat`). */
const BEAT_TYPE = 'track';
const BEAT_CATEGORY = 'beat';

type Query = Kysely<Tables>;

/** Events of `names` in the range: every report query starts here, on the `(event, occurred_at)` index. */
const inRange = (query: Query, range: ReportRange, names: readonly AnalyticsEventName[]) =>
  query.selectFrom('analytics_events as e').where('e.event', 'in', names).where('e.occurred_at', '>=', range.startMs).where('e.occurred_at', '<', range.endMs);

const share = (part: number, whole: number | undefined) => (whole === undefined || whole === 0 ? null : part / whole);

/** Orders and refunds per UTC day (`day` is `occurred_at`'s day, so the index narrows the rows first). */
async function moneyByDay(query: Query, range: ReportRange) {
  const rows = await inRange(query, range, ['Order Completed', 'Order Refunded'])
    .select((eb) => ['e.event', 'e.day', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>('e.revenue_cents').as('cents')])
    .groupBy(['e.event', 'e.day'])
    .execute();
  const days = new Map(range.days.map((day) => [day, { day, orders: 0, revenueCents: 0, refunds: 0, refundedCents: 0 }]));
  for (const row of rows) {
    const day = days.get(row.day);
    if (!day) continue;
    if (row.event === 'Order Completed') Object.assign(day, { orders: Number(row.n), revenueCents: Number(row.cents ?? 0) });
    else Object.assign(day, { refunds: Number(row.n), refundedCents: Number(row.cents ?? 0) });
  }
  return [...days.values()];
}

/** How many times each event happened in the range, and by how many distinct people (`actor`). */
async function eventCounts(query: Query, range: ReportRange, names: readonly AnalyticsEventName[]) {
  const rows = await inRange(query, range, names)
    .select((eb) => ['e.event', eb.fn.countAll<number | string>().as('n'), eb.fn.count<number | string>('e.actor').distinct().as('people')])
    .groupBy('e.event')
    .execute();
  return new Map(rows.map((row) => [row.event, { times: Number(row.n), people: Number(row.people) }]));
}

function funnelOf(counts: Map<string, { people: number }>): FunnelRow[] {
  const people = FUNNEL_STEPS.map((step) => counts.get(step)?.people ?? 0);
  return FUNNEL_STEPS.map((step, index) => ({
    step,
    people: people[index]!,
    fromPrevious: index === 0 ? null : share(people[index]!, people[index - 1]),
    overall: index === 0 ? null : share(people[index]!, people[0]),
  }));
}

/** Products' names and their producers', from the back office's list of every product in every state (a sold beat is listed no more). */
async function namesOf(query: Query, productIds: number[]): Promise<Map<number, { name: string; producer: string }>> {
  if (productIds.length === 0) return new Map();
  const rows = await query
    .selectFrom('admin_products as a')
    .leftJoin('catalogue_producers as p', 'p.id', 'a.producer_id')
    .select(['a.product_id', 'a.name', 'p.artist_name'])
    .where('a.product_id', 'in', productIds)
    .execute();
  return new Map(rows.map((row) => [Number(row.product_id), { name: row.name, producer: row.artist_name ?? '' }]));
}

const named = (names: Map<number, { name: string; producer: string }>, productId: number) => names.get(productId) ?? { name: '', producer: '' };

async function topBeatsByPlays(query: Query, range: ReportRange): Promise<BeatPlays[]> {
  const rows = await inRange(query, range, ['Track Played'])
    .innerJoin('admin_products as a', 'a.product_id', 'e.product_id')
    .where('a.product_type', '=', BEAT_TYPE)
    .select((eb) => ['a.product_id', eb.fn.countAll<number | string>().as('plays')])
    .groupBy('a.product_id')
    .orderBy('plays', 'desc')
    .orderBy('a.product_id')
    .limit(TOP_PRODUCTS)
    .execute();
  const names = await namesOf(query, rows.map((row) => Number(row.product_id)));
  return rows.map((row) => ({ productId: Number(row.product_id), ...named(names, Number(row.product_id)), plays: Number(row.plays) }));
}

/** Beats by the paid orders that held them (a beat sells once, so mostly one each: the order then is by price). */
async function topBeatsBySales(query: Query, range: ReportRange): Promise<BeatSales[]> {
  const rows = await inRange(query, range, ['Order Completed'])
    .innerJoin('analytics_event_products as l', 'l.position', 'e.position')
    .where('l.category', '=', BEAT_CATEGORY)
    .select((eb) => ['l.product_id', eb.fn.countAll<number | string>().as('sales'), eb.fn.sum<number | string>('l.price_cents').as('cents')])
    .groupBy('l.product_id')
    .orderBy('sales', 'desc')
    .orderBy('cents', 'desc')
    .orderBy('l.product_id')
    .limit(TOP_PRODUCTS)
    .execute();
  const names = await namesOf(query, rows.map((row) => Number(row.product_id)));
  return rows.map((row) => ({ productId: Number(row.product_id), ...named(names, Number(row.product_id)), sales: Number(row.sales), revenueCents: Number(row.cents) }));
}

/**
 * A property of the stored message, read by the database: Order Completed keeps its coupon and
 * discount (USD) only there. SQLite and PostgreSQL spell JSON paths differently.
 */
const messageProperty = (kind: DatabaseKind, name: 'coupon' | 'discount') =>
  kind === 'postgres' ? sql`(e.message::jsonb -> 'properties' ->> ${sql.lit(name)})` : sql`json_extract(e.message, ${sql.lit(`$.properties.${name}`)})`;

/** Paid orders with a coupon, and the cents their coupons took off (each order's USD rounded to its cent before summing). */
async function couponOrders(query: Query, kind: DatabaseKind, range: ReportRange) {
  const discount = kind === 'postgres' ? sql`round(${messageProperty(kind, 'discount')}::numeric * 100)` : sql`round(${messageProperty(kind, 'discount')} * 100)`;
  const row = await inRange(query, range, ['Order Completed'])
    .where(sql<boolean>`${messageProperty(kind, 'coupon')} is not null`)
    .select([sql<number | string>`count(*)`.as('orders'), sql<number | string | null>`sum(${discount})`.as('cents')])
    .executeTakeFirstOrThrow();
  return { ordersWithCoupon: Number(row.orders), discountCents: Number(row.cents ?? 0) };
}

/** The admin Dashboard's reports (issue 13 "The shop's own reports") for a range of UTC days. */
export async function shopReport(database: Pick<Database, 'query' | 'kind'>, range: ReportRange): Promise<ShopReport> {
  const { query, kind } = database;
  const [days, counts, byPlays, bySales, coupons] = await Promise.all([
    moneyByDay(query, range),
    eventCounts(query, range, [...FUNNEL_STEPS, 'Coupon Applied', 'Coupon Denied']),
    topBeatsByPlays(query, range),
    topBeatsBySales(query, range),
    couponOrders(query, kind, range),
  ]);
  const sum = (pick: (day: (typeof days)[number]) => number) => days.reduce((total, day) => total + pick(day), 0);
  const orders = sum((day) => day.orders);
  const revenueCents = sum((day) => day.revenueCents);
  return {
    range: { from: range.from, to: range.to },
    days,
    totals: {
      orders,
      revenueCents,
      averageOrderCents: orders === 0 ? null : Math.round(revenueCents / orders),
      refunds: sum((day) => day.refunds),
      refundedCents: sum((day) => day.refundedCents),
    },
    funnel: funnelOf(counts),
    topBeatsByPlays: byPlays,
    topBeatsBySales: bySales,
    coupons: {
      ordersWithCoupon: coupons.ordersWithCoupon,
      applied: counts.get('Coupon Applied')?.times ?? 0,
      denied: counts.get('Coupon Denied')?.times ?? 0,
      discountCents: coupons.discountCents,
    },
  };
}
