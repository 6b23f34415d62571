import { array, create, integer, object, string } from 'superstruct';
import { NEW_BEATS_DAYS, NEW_BEATS_SHOWN } from '../../shared/domain/buyer/dashboardLimits';
import type { DashboardHome, ListedProduct, OrderSummary } from '../../shared/schemas/sites';
import type { Track } from '../../shared/schemas/track';
import type { AppDeps } from '../appDeps';
import { selectProducts } from '../catalogue/findProducts';
import { toProduct } from '../catalogue/productAnswer';
import { openCustomOrdersOf } from '../customOrders/openCustomOrders';
import { producerIdOf } from '../producers/producerOfAccount';
import type { CommerceOrdersTable } from '../db/schema';

/** How many of the member's latest paid orders the dashboard shows. */
export const RECENT_PURCHASES = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The `lines` column as the orders projection wrote it; read back through a schema like any stored JSON. */
const StoredLinesSchema = array(object({ productId: integer(), name: string(), productType: string() }));

const orderSummary = (row: CommerceOrdersTable): OrderSummary => ({
  id: row.order_id,
  placedAt: new Date(Number(row.placed_at)).toISOString(),
  status: row.status,
  total: Number(row.total_cents) / 100,
  items: create(JSON.parse(row.lines), StoredLinesSchema),
});

async function listedProducts(deps: AppDeps, producerId: number): Promise<ListedProduct[]> {
  const rows = await deps.database.query
    .selectFrom('catalogue_products')
    .select(['id', 'name', 'product_type', 'price_cents', 'is_sold', 'cover_image_src'])
    .where('producer_id', '=', producerId)
    .orderBy('listed_position', 'desc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    productType: row.product_type,
    price: Number(row.price_cents) / 100,
    isSold: Number(row.is_sold) === 1,
    coverImageSrc: row.cover_image_src,
  }));
}

/** Beats the producers the member follows listed in the last NEW_BEATS_DAYS days, newest first; sold ones too, marked so. */
async function followedNewBeats(deps: AppDeps, userId: number): Promise<Track[]> {
  const since = deps.clock.now().getTime() - NEW_BEATS_DAYS * DAY_MS;
  const rows = await selectProducts(deps.database.query)
    .where('p.producer_id', 'in', deps.database.query.selectFrom('producer_follows').select('producer_id').where('user_id', '=', userId))
    .where('p.product_type', '=', 'track')
    .where('p.listed_at', '>=', since)
    .orderBy('p.listed_at', 'desc')
    .orderBy('p.listed_position', 'desc')
    .limit(NEW_BEATS_SHOWN)
    .execute();
  return rows.map((row) => toProduct(row));
}

/**
 * The dashboard site's home: the member's latest paid orders, what the producers they follow
 * listed lately, their open custom orders and, for a producer with a profile, what they list.
 */
export async function dashboardHome(deps: AppDeps, userId: number): Promise<DashboardHome> {
  const purchases = await deps.database.query
    .selectFrom('commerce_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .orderBy('placed_at', 'desc')
    .orderBy('order_id')
    .limit(RECENT_PURCHASES)
    .execute();
  const producerId = await producerIdOf(deps, userId);
  return {
    recentPurchases: purchases.map(orderSummary),
    followedNewBeats: await followedNewBeats(deps, userId),
    openCustomOrders: await openCustomOrdersOf(deps, userId, producerId),
    listedProducts: producerId === null ? null : await listedProducts(deps, producerId),
  };
}
