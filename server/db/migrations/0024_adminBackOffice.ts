import type { Kysely, Migration } from 'kysely';

export const migration0024 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // Every product in every state for the admin's `All tracks`, filled from the first event by
    // the `admin-products` projection (no checkpoint yet).
    await db.schema
      .createTable('admin_products')
      .addColumn('product_id', 'bigint', (col) => col.primaryKey())
      .addColumn('producer_id', 'bigint', (col) => col.notNull())
      .addColumn('product_type', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('sold_order_id', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('admin_products_producer').on('admin_products').columns(['producer_id', 'status']).execute();
    await db.schema.createIndex('admin_products_created').on('admin_products').columns(['created_at']).execute();
    // Refunded orders whose mail to the buyer is still to be sent; `claimed_until` lets one sender at a time have it.
    await db.schema
      .createTable('commerce_refund_mail_queue')
      .addColumn('order_id', 'text', (col) => col.primaryKey())
      .addColumn('queued_at', 'bigint', (col) => col.notNull())
      .addColumn('claimed_until', 'bigint')
      .execute();
    await db.schema.createIndex('commerce_orders_placed').on('commerce_orders').columns(['placed_at']).execute();
  },
});
