import { type Kysely, type Migration, sql } from 'kysely';

export const migration0017 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // Beats uploaded in the studio are numbered from 10001, above the demo shop's products.
    await sql`INSERT INTO id_sequences (name, value) VALUES ('product', 10000)`.execute(db);
    await db.schema
      .createTable('studio_products')
      .addColumn('product_id', 'bigint', (col) => col.primaryKey())
      .addColumn('producer_id', 'bigint', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('message', 'text')
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('duration_seconds', 'real')
      .addColumn('cover_image_src', 'text')
      .addColumn('preview_src', 'text')
      .addColumn('master_key', 'text', (col) => col.notNull())
      .addColumn('submitted_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('studio_products_producer').on('studio_products').columns(['producer_id', 'submitted_at']).execute();
    await db.schema.createIndex('studio_products_status').on('studio_products').columns(['status', 'submitted_at']).execute();
  },
});
