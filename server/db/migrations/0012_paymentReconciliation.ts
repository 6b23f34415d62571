import type { Kysely, Migration } from 'kysely';

export const migration0012 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('commerce_open_orders')
      .addColumn('order_id', 'text', (col) => col.primaryKey())
      .addColumn('placed_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('commerce_open_orders_placed').on('commerce_open_orders').columns(['placed_at']).execute();
    // Background jobs run once across servers: whoever holds an unexpired lease runs the job.
    await db.schema
      .createTable('jobs')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('next_run_at', 'bigint', (col) => col.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('last_finished_at', 'bigint')
      .addColumn('last_error', 'text')
      .execute();
  },
});
