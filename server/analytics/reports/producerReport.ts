import type { Kysely } from 'kysely';
import { type ProducerDay, type ProducerProductFigures, type ProducerReport, TOP_PRODUCTS } from '../../../shared/schemas/analyticsReports';
import type { Tables } from '../../db/schema';
import { categoryOf } from '../derivedEvent';
import type { ReportRange } from './reportRange';

type Query = Kysely<Tables>;
type OrderEvent = 'Order Completed' | 'Order Refunded';

/** The producer's plays in the range, on the `(producer_id, event, occurred_at)` index. */
const playsOf = (query: Query, producerId: number, range: ReportRange) =>
  query
    .selectFrom('analytics_events as e')
    .where('e.producer_id', '=', producerId)
    .where('e.event', '=', 'Track Played')
    .where('e.occurred_at', '>=', range.startMs)
    .where('e.occurred_at', '<', range.endMs);

/** The producer's lines of orders paid (or refunded) in the range: an order of several producers counts only theirs. */
const linesOf = (query: Query, producerId: number, range: ReportRange, event: OrderEvent) =>
  query
    .selectFrom('analytics_event_products as l')
    .innerJoin('analytics_events as e', 'e.position', 'l.position')
    .where('l.producer_id', '=', producerId)
    .where('e.event', '=', event)
    .where('e.occurred_at', '>=', range.startMs)
    .where('e.occurred_at', '<', range.endMs);

async function linesByDay(query: Query, producerId: number, range: ReportRange, event: OrderEvent) {
  const rows = await linesOf(query, producerId, range, event)
    .select((eb) => ['e.day', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('l.price_cents').as('cents')])
    .groupBy('e.day')
    .execute();
  return new Map(rows.map((row) => [row.day, { n: Number(row.n), cents: Number(row.cents) }]));
}

async function producerDays(query: Query, producerId: number, range: ReportRange): Promise<ProducerDay[]> {
  const [plays, sales, refunds] = await Promise.all([
    playsOf(query, producerId, range)
      .select((eb) => ['e.day', eb.fn.countAll<number | string>().as('n')])
      .groupBy('e.day')
      .execute()
      .then((rows) => new Map(rows.map((row) => [row.day, Number(row.n)]))),
    linesByDay(query, producerId, range, 'Order Completed'),
    linesByDay(query, producerId, range, 'Order Refunded'),
  ]);
  return range.days.map((day) => ({
    day,
    plays: plays.get(day) ?? 0,
    sales: sales.get(day)?.n ?? 0,
    revenueCents: sales.get(day)?.cents ?? 0,
    refunds: refunds.get(day)?.n ?? 0,
    refundedCents: refunds.get(day)?.cents ?? 0,
  }));
}

/** What a line sold: a product, or one of the producer's own custom services, whose ids are the offers' (another sequence). */
const CUSTOM_SERVICE = categoryOf('customservice');
type Sold = { kind: 'product' | 'service'; id: number };
const keyOf = ({ kind, id }: Sold) => `${kind}:${id}`;

async function namesOf(query: Query, sold: readonly Sold[]): Promise<Map<string, { name: string; category: string }>> {
  const ids = (kind: Sold['kind']) => sold.filter((one) => one.kind === kind).map((one) => one.id);
  const [products, services] = await Promise.all([
    ids('product').length === 0 ? [] : query.selectFrom('admin_products').select(['product_id', 'name', 'product_type']).where('product_id', 'in', ids('product')).execute(),
    ids('service').length === 0 ? [] : query.selectFrom('producer_offers').select(['offer_id', 'name']).where('offer_id', 'in', ids('service')).execute(),
  ]);
  return new Map([
    ...products.map((row) => [keyOf({ kind: 'product', id: Number(row.product_id) }), { name: row.name, category: categoryOf(row.product_type) }] as const),
    ...services.map((row) => [keyOf({ kind: 'service', id: Number(row.offer_id) }), { name: row.name, category: CUSTOM_SERVICE }] as const),
  ]);
}

/** Their products (and services) played or sold in the range: the best sellers first, then the most played. */
async function topProducts(query: Query, producerId: number, range: ReportRange): Promise<ProducerProductFigures[]> {
  const [plays, sales] = await Promise.all([
    playsOf(query, producerId, range)
      .select((eb) => ['e.product_id', eb.fn.countAll<number | string>().as('n')])
      .groupBy('e.product_id')
      .execute(),
    linesOf(query, producerId, range, 'Order Completed')
      .select((eb) => ['l.product_id', 'l.category', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('l.price_cents').as('cents')])
      .groupBy(['l.product_id', 'l.category'])
      .execute(),
  ]);
  const figures = new Map<string, Sold & { plays: number; sales: number; revenueCents: number }>();
  const of = (sold: Sold) => figures.get(keyOf(sold)) ?? figures.set(keyOf(sold), { ...sold, plays: 0, sales: 0, revenueCents: 0 }).get(keyOf(sold))!;
  for (const row of plays) if (row.product_id !== null) of({ kind: 'product', id: Number(row.product_id) }).plays = Number(row.n);
  for (const row of sales) {
    const sold = of({ kind: row.category === CUSTOM_SERVICE ? 'service' : 'product', id: Number(row.product_id) });
    sold.sales += Number(row.n);
    sold.revenueCents += Number(row.cents);
  }
  const top = [...figures.values()]
    .sort((a, b) => b.revenueCents - a.revenueCents || b.sales - a.sales || b.plays - a.plays || a.id - b.id)
    .slice(0, TOP_PRODUCTS);
  const names = await namesOf(query, top);
  return top.map(({ kind, id, plays: played, sales: sold, revenueCents }) => ({
    productId: id,
    name: names.get(keyOf({ kind, id }))?.name ?? '',
    category: names.get(keyOf({ kind, id }))?.category ?? (kind === 'service' ? CUSTOM_SERVICE : ''),
    plays: played,
    sales: sold,
    revenueCents,
  }));
}

/**
 * A producer's own figures (issue 13): plays, sales and revenue of their products only. Revenue is
 * the price of their lines (`analytics_event_products.price_cents`), per UTC day.
 */
export async function producerReport(query: Query, producerId: number, range: ReportRange): Promise<ProducerReport> {
  const [days, top] = await Promise.all([producerDays(query, producerId, range), topProducts(query, producerId, range)]);
  const sum = (pick: (day: ProducerDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  return {
    range: { from: range.from, to: range.to },
    days,
    totals: {
      plays: sum((day) => day.plays),
      sales: sum((day) => day.sales),
      revenueCents: sum((day) => day.revenueCents),
      refunds: sum((day) => day.refunds),
      refundedCents: sum((day) => day.refundedCents),
    },
    topProducts: top,
  };
}
