import type { Kysely, Migration } from 'kysely';

export const migration0018 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // Every order by buyer, newest first, for the dashboard and the shop's totals; filled from the
    // first event by the `orders` projection (no checkpoint yet), so existing orders are in it.
    await db.schema
      .createTable('commerce_orders')
      .addColumn('order_id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'bigint', (col) => col.notNull())
      .addColumn('placed_at', 'bigint', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('total_cents', 'integer', (col) => col.notNull())
      .addColumn('lines', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('commerce_orders_user').on('commerce_orders').columns(['user_id', 'placed_at']).execute();
    await db.schema.createIndex('commerce_orders_status').on('commerce_orders').columns(['status']).execute();
  },
});
