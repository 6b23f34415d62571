import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { DatabaseKind } from './database';

/**
 * Schema migrations for both databases, in order. Kysely's migrator records what ran and,
 * on PostgreSQL, holds a lock so that two starting servers do not migrate at once.
 */
function migrations(kind: DatabaseKind): Record<string, Migration> {
  const json = kind === 'postgres' ? 'jsonb' : 'text';
  return {
    '0001_event_store': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('events')
          .addColumn('position', kind === 'postgres' ? 'bigserial' : 'integer', (col) => col.primaryKey())
          .addColumn('stream_id', 'text', (col) => col.notNull())
          .addColumn('version', 'integer', (col) => col.notNull())
          .addColumn('type', 'text', (col) => col.notNull())
          .addColumn('data', sql.raw(json), (col) => col.notNull())
          .addColumn('metadata', sql.raw(json))
          .addColumn('recorded_at', 'text', (col) => col.notNull())
          .addUniqueConstraint('events_stream_version', ['stream_id', 'version'])
          .execute();
        await db.schema.createIndex('events_type_position').on('events').columns(['type', 'position']).execute();
        await db.schema
          .createTable('projection_checkpoints')
          .addColumn('name', 'text', (col) => col.primaryKey())
          .addColumn('position', 'bigint', (col) => col.notNull())
          .execute();
      },
    },
    '0002_catalogue_products': {
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
    },
  };
}

export async function migrateToLatest<DB>(db: Kysely<DB>, kind: DatabaseKind): Promise<void> {
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations(kind) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
