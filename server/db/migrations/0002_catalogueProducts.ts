import type { Kysely, Migration } from 'kysely';

export const migration0002 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('catalogue_products')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('product_type', 'text', (col) => col.notNull())
      .addColumn('genre', 'text', (col) => col.notNull())
      .addColumn('bpm', 'integer')
      .addColumn('musical_key', 'text')
      .addColumn('scale', 'text')
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('is_sold', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('cover_image_src', 'text')
      .addColumn('preview_track_src', 'text')
      .addColumn('producer_id', 'integer', (col) => col.notNull())
      .addColumn('producer_name', 'text', (col) => col.notNull())
      .addColumn('producer_url', 'text', (col) => col.notNull())
      .addColumn('listed_position', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('catalogue_products_newest')
      .on('catalogue_products')
      .columns(['listed_position'])
      .execute();
  },
});
