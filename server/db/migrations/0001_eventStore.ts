import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationTarget } from './migrationTarget';

export const migration0001 = ({ kind, json }: MigrationTarget): Migration => ({
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
});
