import { type Kysely, type Migration, sql } from 'kysely';

export const migration0004 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // The foundation's one-table catalogue is rebuilt from the product events with the new shape.
    await db.schema.dropTable('catalogue_products').execute();
    await sql`DELETE FROM projection_checkpoints WHERE name = 'catalogue'`.execute(db);
    await db.schema
      .createTable('catalogue_products')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('producer_id', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('product_type', 'text', (col) => col.notNull())
      .addColumn('genre_ids', 'text', (col) => col.notNull())
      .addColumn('mood_ids', 'text', (col) => col.notNull())
      .addColumn('tags', 'text', (col) => col.notNull())
      .addColumn('bpm', 'integer')
      .addColumn('musical_key', 'text')
      .addColumn('scale', 'text')
      .addColumn('vocal_type', 'text')
      .addColumn('samples_type', 'text')
      .addColumn('vocal_gender', 'text')
      .addColumn('is_new', 'integer', (col) => col.notNull())
      .addColumn('is_supersale', 'integer', (col) => col.notNull())
      .addColumn('is_premium', 'integer', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('project_file_price_cents', 'integer')
      .addColumn('exclusive', 'integer', (col) => col.notNull())
      .addColumn('is_sold', 'integer', (col) => col.notNull())
      .addColumn('cover_image_src', 'text')
      .addColumn('preview_track_src', 'text')
      .addColumn('preview_duration_seconds', 'real')
      .addColumn('listed_position', 'bigint', (col) => col.notNull())
      .execute();
    // The shop lists tracks and sample packs together, so the sort orders lead and the type is a filter.
    await db.schema.createIndex('catalogue_products_newest').on('catalogue_products').columns(['listed_position']).execute();
    await db.schema.createIndex('catalogue_products_price').on('catalogue_products').columns(['price_cents', 'id']).execute();
    await db.schema.createIndex('catalogue_products_producer').on('catalogue_products').columns(['producer_id', 'listed_position']).execute();
    for (const [table, column, type] of [
      ['catalogue_product_genres', 'genre_id', 'integer'],
      ['catalogue_product_moods', 'mood_id', 'integer'],
      ['catalogue_product_tags', 'tag', 'text'],
    ] as const) {
      await db.schema
        .createTable(table)
        .addColumn('product_id', 'integer', (col) => col.notNull())
        .addColumn(column, type, (col) => col.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, [column, 'product_id'])
        .execute();
      await db.schema.createIndex(`${table}_product`).on(table).columns(['product_id']).execute();
    }
    await db.schema
      .createTable('catalogue_tags')
      .addColumn('tag', 'text', (col) => col.primaryKey())
      .addColumn('product_count', 'integer', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('catalogue_tags_count').on('catalogue_tags').columns(['product_count']).execute();
    // Peaks are kilobytes per preview: kept apart so that list queries never read them.
    await db.schema
      .createTable('catalogue_peaks')
      .addColumn('product_id', 'integer', (col) => col.primaryKey())
      .addColumn('peaks', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('catalogue_producers')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('artist_name', 'text', (col) => col.notNull())
      .addColumn('short_name', 'text', (col) => col.notNull().unique())
      .addColumn('avatar_src', 'text')
      .addColumn('followers', 'integer', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('producer_follows')
      .addColumn('producer_id', 'integer', (col) => col.notNull())
      .addColumn('user_id', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('producer_follows_pk', ['producer_id', 'user_id'])
      .execute();
  },
});
