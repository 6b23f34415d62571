import type { Kysely, Migration } from 'kysely';

export const migration0014 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // Rate limits count here rather than in each process's memory, so they hold across servers.
    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('limiter', 'text', (col) => col.notNull())
      .addColumn('client', 'text', (col) => col.notNull())
      .addColumn('hits', 'integer', (col) => col.notNull())
      .addColumn('reset_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('rate_limit_hits_pk', ['limiter', 'client'])
      .execute();
  },
});
