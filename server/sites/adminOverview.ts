import { sql } from 'kysely';
import type { AdminSummary } from '../../shared/schemas/sites';
import type { AppDeps } from '../appDeps';

/**
 * The admin's home in numbers, from the read models: listed products, producer profiles, buyer
 * accounts (the client role), paid orders not refunded and their totals, which is the net revenue
 * of all time (a refunded order's status is no longer `paid`).
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
