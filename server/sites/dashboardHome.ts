import { array, create, integer, object, string } from 'superstruct';
import type { DashboardHome, ListedProduct, OrderSummary } from '../../shared/schemas/sites';
import type { AppDeps } from '../appDeps';
import type { CommerceOrdersTable } from '../db/schema';

/** How many of the member's latest orders the dashboard shows. */
export const RECENT_ORDERS = 5;

/** The `lines` column as the orders projection wrote it; read back through a schema like any stored JSON. */
const StoredLinesSchema = array(object({ productId: integer(), name: string(), productType: string() }));

const orderSummary = (row: CommerceOrdersTable): OrderSummary => ({
  id: row.order_id,
  placedAt: new Date(Number(row.placed_at)).toISOString(),
  status: row.status,
  total: Number(row.total_cents) / 100,
  items: create(JSON.parse(row.lines), StoredLinesSchema),
});

/** The producer profile a moderator's approval gave this account, if any. */
async function producerIdOf(deps: AppDeps, userId: number): Promise<number | null> {
  const row = await deps.database.query
    .selectFrom('producer_verifications')
    .select('producer_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'verified')
    .executeTakeFirst();
  return row?.producer_id == null ? null : Number(row.producer_id);
}

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

/** The dashboard site's home: the member's latest orders and, for a producer with a profile, what they list. */
export async function dashboardHome(deps: AppDeps, userId: number): Promise<DashboardHome> {
  const orders = await deps.database.query
    .selectFrom('commerce_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('placed_at', 'desc')
    .orderBy('order_id')
    .limit(RECENT_ORDERS)
    .execute();
  const producerId = await producerIdOf(deps, userId);
  return {
    recentOrders: orders.map(orderSummary),
    listedProducts: producerId === null ? null : await listedProducts(deps, producerId),
  };
}
