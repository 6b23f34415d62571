import type { Kysely, Migration } from 'kysely';

export const migration0023 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // Custom orders by buyer and by state, for the buyer's Services page and the shop's list
    // (projection `custom-orders`); the rows are the read model, the streams the truth.
    await db.schema
      .createTable('custom_orders')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('buyer_id', 'bigint', (col) => col.notNull())
      .addColumn('service_id', 'integer', (col) => col.notNull())
      .addColumn('service_name', 'text', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('requested_at', 'bigint', (col) => col.notNull())
      .addColumn('due_at', 'bigint')
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('custom_orders_buyer').on('custom_orders').columns(['buyer_id', 'requested_at']).execute();
    await db.schema.createIndex('custom_orders_state').on('custom_orders').columns(['state', 'requested_at']).execute();
    // Orders that carry a custom order's payment, and the custom orders whose payment or refund
    // is to be brought in line with their order (server/customOrders/customOrderProcess.ts).
    await db.schema.createTable('custom_order_payments').addColumn('order_id', 'text', (col) => col.primaryKey()).execute();
    await db.schema
      .createTable('custom_order_sync')
      .addColumn('custom_order_id', 'text', (col) => col.primaryKey())
      .addColumn('queued_at', 'bigint', (col) => col.notNull())
      .execute();
    // Each step's mail to the other party, due in the projection's transaction.
    await db.schema
      .createTable('custom_order_mail_queue')
      .addColumn('position', 'bigint', (col) => col.primaryKey())
      .addColumn('custom_order_id', 'text', (col) => col.notNull())
      .addColumn('event_type', 'text', (col) => col.notNull())
      .addColumn('queued_at', 'bigint', (col) => col.notNull())
      .execute();
  },
});
