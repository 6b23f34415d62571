import { sql } from 'kysely';
import type { SupportEvent } from '../../shared/schemas/support';
import type { AppDeps } from '../appDeps';
import { userCartStreamId } from '../domain/cart/cartEvents';
import { orderStreamId } from '../domain/order/orderEvents';
import { userStreamId } from '../domain/user/userEvents';
import { type ProductNames, supportEventViews } from './eventView';

export interface SessionScope {
  id: string;
  userId: number | null;
  startedAt: number;
  lastSeenAt: number;
}

/** Before the first entry: the page's own requests reach the server before the tab's log starts. */
export const LEAD_MS = 60_000;
/** After the last entry: a provider's webhook settles a payment minutes after the tab went quiet. */
export const TRAIL_MS = 15 * 60_000;

type Deps = Pick<AppDeps, 'database' | 'eventStore'>;

/** Streams the tab wrote to itself: its cart adds and orders carry its tracking id (SPEC §7), a guest's too. */
async function trackedStreams(deps: Deps, trackingId: string): Promise<string[]> {
  const expression = deps.database.kind === 'postgres' ? sql`metadata ->> 'trackingId'` : sql`metadata ->> '$.trackingId'`;
  const rows = await sql<{ stream_id: string }>`SELECT DISTINCT stream_id FROM events WHERE ${expression} = ${trackingId}`.execute(deps.database.query);
  return rows.rows.map((row) => row.stream_id);
}

/**
 * The streams whose events belong beside a session: the tab's own (joined by the tracking id), and
 * for a logged-in tab the account's cart, its stream, and the orders it placed while the tab was open.
 */
export async function sessionStreams(deps: Deps, scope: SessionScope): Promise<string[]> {
  const streams = new Set(await trackedStreams(deps, scope.id));
  if (scope.userId !== null) {
    streams.add(userCartStreamId(scope.userId));
    streams.add(userStreamId(scope.userId));
    const orders = await deps.database.query
      .selectFrom('commerce_orders')
      .select('order_id')
      .where('user_id', '=', scope.userId)
      .where('placed_at', '>=', scope.startedAt - LEAD_MS)
      .where('placed_at', '<=', scope.lastSeenAt + TRAIL_MS)
      .execute();
    for (const order of orders) streams.add(orderStreamId(order.order_id));
  }
  return [...streams];
}

/**
 * The names of the products a session's cart events name, from the back office's list of every
 * product in every state (a sold beat leaves the catalogue, not that list).
 */
async function cartProductNames(deps: Deps, history: readonly { streamId: string; data: unknown }[]): Promise<ProductNames> {
  const ids = new Set<number>();
  for (const event of history) {
    const productId = event.streamId.startsWith('cart-') && typeof event.data === 'object' && event.data !== null ? (event.data as { productId?: unknown }).productId : undefined;
    if (typeof productId === 'number' && Number.isSafeInteger(productId)) ids.add(productId);
  }
  if (ids.size === 0) return new Map();
  const rows = await deps.database.query.selectFrom('admin_products').select(['product_id', 'name']).where('product_id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [Number(row.product_id), row.name]));
}

/**
 * The session's domain events as support reads them: those of its time, and before them the last
 * event of each stream, which holds the state the stream was in when the session began.
 */
export async function readSessionEvents(deps: Deps, scope: SessionScope): Promise<SupportEvent[]> {
  const streams = await Promise.all((await sessionStreams(deps, scope)).map((streamId) => deps.eventStore.readStream(streamId)));
  const history = streams.flat().sort((a, b) => a.position - b.position);
  const views = supportEventViews(history, await cartProductNames(deps, history));
  const from = scope.startedAt - LEAD_MS;
  const to = scope.lastSeenAt + TRAIL_MS;
  const lastBefore = new Map<string, SupportEvent>();
  for (const view of views) if (Date.parse(view.at) < from && ('cart' in view.data || 'status' in view.data)) lastBefore.set(view.streamId, view);
  const during = views.filter((view) => {
    const at = Date.parse(view.at);
    return at >= from && at <= to;
  });
  return [...lastBefore.values(), ...during].sort((a, b) => a.position - b.position);
}
