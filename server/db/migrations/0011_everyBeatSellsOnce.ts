import type { Kysely, Migration } from 'kysely';

export const migration0011 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // Whether a product sells once follows from its type now (a beat); the flag is gone.
    await db.schema.alterTable('catalogue_products').dropColumn('exclusive').execute();
  },
});
