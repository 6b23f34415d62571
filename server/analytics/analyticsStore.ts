import { sql, type Kysely, type Transaction } from 'kysely';
import { type AnalyticsEventName, type AnalyticsLine, AnalyticsMessageSchema } from '../../shared/schemas/analytics';
import type { DatabaseKind } from '../db/database';
import type { Tables } from '../db/schema';
import { decodeStored } from '../db/storedJson';
import { type DerivedEvent, messageOf } from './derivedEvent';

/**
 * Every transaction that adds to the stream takes this lock on PostgreSQL first, so positions
 * become visible in order: a reader that has seen position N never later finds a smaller one
 * appear behind it (the event store appends the same way). SQLite has one writer anyway.
 */
const ANALYTICS_APPEND_LOCK = 7_202_213;
/** Rows one INSERT carries at most: 13 columns each, well within either database's limit on parameters. */
const ROWS_PER_INSERT = 200;

/**
 * Adds derived events to the stream, in the order given, inside the caller's transaction (with
 * the checkpoint of what they were derived from). An event whose messageId is already there is
 * skipped: deriving the same source twice stores it once.
 */
export async function storeAnalyticsEvents(tx: Transaction<Tables>, kind: DatabaseKind, events: readonly DerivedEvent[], derivedAt: Date): Promise<number> {
  if (events.length === 0) return 0;
  if (kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(${ANALYTICS_APPEND_LOCK})`.execute(tx);
  let stored = 0;
  // Many rows a statement: a batch holds the one writer (on SQLite) for as short a while as it can.
  for (let from = 0; from < events.length; from += ROWS_PER_INSERT) {
    const chunk = events.slice(from, from + ROWS_PER_INSERT);
    const inserted = await tx
      .insertInto('analytics_events')
      .values(
        chunk.map((event) => ({
          message_id: event.messageId,
          event: event.event,
          source: event.source,
          occurred_at: event.occurredAt.getTime(),
          day: event.occurredAt.toISOString().slice(0, 10),
          user_id: event.userId,
          anonymous_id: event.anonymousId,
          actor: event.userId ?? event.anonymousId,
          revenue_cents: event.revenueCents ?? null,
          product_id: event.product?.productId ?? null,
          producer_id: event.product?.producerId ?? null,
          message: JSON.stringify(messageOf(event)),
          derived_at: derivedAt.getTime(),
        })),
      )
      .onConflict((conflict) => conflict.column('message_id').doNothing())
      .returning(['position', 'message_id'])
      .execute();
    stored += inserted.length;
    const positions = new Map(inserted.map((row) => [row.message_id, Number(row.position)]));
    const products = chunk.flatMap((event) => {
      const position = positions.get(event.messageId);
      // One row per product: an order holding a product twice (never, today) would count it once.
      const unique = [...new Map((event.products ?? []).map((product) => [product.productId, product])).values()];
      return position === undefined ? [] : unique.map((product) => ({ position, product_id: product.productId, producer_id: product.producerId, category: product.category, price_cents: product.priceCents }));
    });
    for (let at = 0; at < products.length; at += ROWS_PER_INSERT) await tx.insertInto('analytics_event_products').values(products.slice(at, at + ROWS_PER_INSERT)).execute();
  }
  return stored;
}

export interface AnalyticsPage {
  /** Exclusive: events after this position. */
  after: number;
  limit: number;
  types?: readonly AnalyticsEventName[];
}

/** A page of the stream in order, each message with its cursor (the position, as text). */
export async function readAnalyticsLines(query: Kysely<Tables>, page: AnalyticsPage): Promise<AnalyticsLine[]> {
  let select = query.selectFrom('analytics_events').select(['position', 'message']).where('position', '>', page.after);
  if (page.types) select = select.where('event', 'in', page.types);
  const rows = await select.orderBy('position').limit(page.limit).execute();
  return rows.map((row) => ({ ...decodeStored(row.message, AnalyticsMessageSchema, 'analytics event'), cursor: String(row.position) }));
}

/** The newest position of the stream, 0 when it is empty. */
export async function analyticsHead(query: Kysely<Tables>): Promise<number> {
  const row = await query.selectFrom('analytics_events').select((eb) => eb.fn.max('position').as('head')).executeTakeFirst();
  return Number(row?.head ?? 0);
}
