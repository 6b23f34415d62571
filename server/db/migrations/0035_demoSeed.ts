import type { Migration } from 'kysely';

export const migration0035 = (): Migration => ({
  async up(db) {
    // How far the first start's demo seed got (server/seed/demoSeedJournal.ts), so a start
    // after an interrupted one finishes it instead of leaving half a shop.
    await db.schema
      .createTable('demo_seed')
      .addColumn('part', 'text', (col) => col.primaryKey())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
  },
});
