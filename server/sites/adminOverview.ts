import { sql } from 'kysely';
import type { AdminProducer, AdminSummary } from '../../shared/schemas/sites';
import type { AppDeps } from '../appDeps';

/** `All producers`: every producer profile with its followers and listed products, by name. */
export async function allProducers(deps: AppDeps): Promise<AdminProducer[]> {
  const rows = await deps.database.query
    .selectFrom('catalogue_producers as pr')
    .leftJoin('catalogue_products as p', 'p.producer_id', 'pr.id')
    .select(['pr.id', 'pr.artist_name', 'pr.short_name', 'pr.followers'])
    .select((eb) => eb.fn.count<number | string>('p.id').as('product_count'))
    .groupBy(['pr.id', 'pr.artist_name', 'pr.short_name', 'pr.followers'])
    .orderBy(sql`lower(pr.artist_name)`)
    .orderBy('pr.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    artistName: row.artist_name,
    shortName: row.short_name,
    followers: Number(row.followers),
    productCount: Number(row.product_count),
  }));
}

/**
 * The admin's home in numbers, from the read models: listed products, producer profiles, buyer
 * accounts (the client role), paid orders and their total (a refunded order is neither).
 */
export async function adminSummary(deps: AppDeps): Promise<AdminSummary> {
  const { query } = deps.database;
  const [products, producers, buyers, orders] = await Promise.all([
    query.selectFrom('catalogue_products').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    query.selectFrom('catalogue_producers').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    query
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('roles', 'like', '%"client"%')
      .executeTakeFirstOrThrow(),
    query
      .selectFrom('commerce_orders')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.coalesce(eb.fn.sum<number | string>('total_cents'), sql<number>`0`).as('cents')])
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    products: Number(products.n),
    producers: Number(producers.n),
    buyers: Number(buyers.n),
    orders: Number(orders.n),
    revenue: Number(orders.cents) / 100,
  };
}
