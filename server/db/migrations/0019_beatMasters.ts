import type { Kysely, Migration } from 'kysely';

export const migration0019 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // Sold beats whose master the masters job has dealt with: a demo beat's rendered, an upload's
    // found already there. What is not in it yet is the job's work (server/commerce/demoMasters.ts).
    await db.schema
      .createTable('beat_masters')
      .addColumn('product_id', 'bigint', (col) => col.primaryKey())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('recorded_at', 'bigint', (col) => col.notNull())
      .execute();
  },
});
