import type { FollowedProducer, SupportOrder } from '../../shared/schemas/buyerPages';
import type { Track } from '../../shared/schemas/track';
import type { AppDeps } from '../appDeps';
import { selectProducts } from '../catalogue/findProducts';
import { toProduct } from '../catalogue/productAnswer';
import { aggregateStream } from '../domain/aggregateStream';
import { wishlistDecider, wishlistStreamId } from '../domain/wishlist/wishlistDecider';

/** `Following`: the producers the member follows, by name, each with how many beats they have in the shop. */
export async function followedProducers(deps: AppDeps, userId: number): Promise<FollowedProducer[]> {
  const db = deps.database.query;
  const rows = await db
    .selectFrom('producer_follows as f')
    .innerJoin('catalogue_producers as pr', 'pr.id', 'f.producer_id')
    .where('f.user_id', '=', userId)
    .select(['pr.id', 'pr.artist_name', 'pr.short_name', 'pr.avatar_src'])
    .select((eb) =>
      eb
        .selectFrom('catalogue_products as p')
        .whereRef('p.producer_id', '=', 'pr.id')
        .where('p.product_type', '=', 'track')
        .select((count) => count.fn.countAll<number | string>().as('beats'))
        .as('beats'),
    )
    .orderBy('pr.artist_name')
    .orderBy('pr.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    artistName: row.artist_name,
    shortName: row.short_name,
    avatarSrc: row.avatar_src,
    beats: Number(row.beats ?? 0),
  }));
}

/**
 * `Wishlist`: the products on the member's wishlist as the storefront's cards show them, the latest
 * added first. The wishlist stream is the truth; a product no longer in the shop has no card.
 */
export async function wishlistProducts(deps: AppDeps, userId: number): Promise<Track[]> {
  const { entries } = (await aggregateStream(deps.eventStore, wishlistStreamId(userId), wishlistDecider)).state;
  if (entries.length === 0) return [];
  const rows = await selectProducts(deps.database.query)
    .where(
      'p.id',
      'in',
      entries.map((entry) => entry.productId),
    )
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return [...entries]
    .sort((a, b) => b.id - a.id)
    .flatMap((entry) => {
      const row = byId.get(entry.productId);
      return row ? [toProduct(row)] : [];
    });
}

/** The member's own orders, newest first, to pick one on the Support page. */
export async function supportOrders(deps: AppDeps, userId: number): Promise<SupportOrder[]> {
  const rows = await deps.database.query
    .selectFrom('commerce_orders')
    .select(['order_id', 'placed_at', 'total_cents'])
    .where('user_id', '=', userId)
    .orderBy('placed_at', 'desc')
    .orderBy('order_id')
    .execute();
  return rows.map((row) => ({ id: row.order_id, placedAt: new Date(Number(row.placed_at)).toISOString(), totalCents: Number(row.total_cents) }));
}

/** Whether the order is one of the member's own: a Support message may be about it. */
export async function ownsOrder(deps: AppDeps, userId: number, orderId: string): Promise<boolean> {
  const row = await deps.database.query
    .selectFrom('commerce_orders')
    .select('order_id')
    .where('order_id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
