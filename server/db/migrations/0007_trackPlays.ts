import type { Kysely, Migration } from 'kysely';

export const migration0007 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('track_plays')
      .addColumn('product_id', 'integer', (col) => col.primaryKey())
      .addColumn('plays', 'integer', (col) => col.notNull())
      .execute();
  },
});
