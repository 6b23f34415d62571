import { type Kysely, type Migration, sql } from 'kysely';

export const migration0020 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // What the producer stated, so `My beats` opens the edit form with it. The studio read model
    // is emptied and rebuilt from the product events, so every row has it.
    await db.schema.alterTable('studio_products').addColumn('details', 'text', (col) => col.notNull().defaultTo('{}')).execute();
    await db.schema.alterTable('studio_products').addColumn('has_stems', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await sql`DELETE FROM studio_products`.execute(db);
    await sql`DELETE FROM projection_checkpoints WHERE name = 'studio'`.execute(db);
  },
});
