import type { Kysely, Migration } from 'kysely';
import { moveActionRecordedEvents } from '../actionLogMigration';
import type { MigrationTarget } from './migrationTarget';

export const migration0009 = ({ kind }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    // Action logs are telemetry, not domain truth: in tables of their own, ingesting them wakes
    // no projection, and old logs can be deleted.
    await db.schema
      .createTable('action_log_sessions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'bigint')
      .addColumn('started_at', 'bigint', (col) => col.notNull())
      .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
      .addColumn('entry_count', 'integer', (col) => col.notNull())
      .execute();
    // Expiry and eviction walk the least recently active logs; support looks up a user's logs.
    await db.schema.createIndex('action_log_sessions_last_seen').on('action_log_sessions').columns(['last_seen_at']).execute();
    await db.schema.createIndex('action_log_sessions_user').on('action_log_sessions').columns(['user_id', 'last_seen_at']).execute();
    await db.schema
      .createTable('action_log_entries')
      .addColumn('session_id', 'text', (col) => col.notNull())
      .addColumn('seq', 'integer', (col) => col.notNull())
      .addColumn('at', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      // Text, not jsonb: the payload is only ever read back whole, and text keeps it as sent.
      .addColumn('payload', 'text')
      .addPrimaryKeyConstraint('action_log_entries_pk', ['session_id', 'seq'])
      .execute();
    await db.schema
      .createTable('action_log_address_minutes')
      .addColumn('address_key', 'text', (col) => col.notNull())
      .addColumn('minute', 'bigint', (col) => col.notNull())
      .addColumn('entries', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('action_log_address_minutes_pk', ['address_key', 'minute'])
      .execute();
    await db.schema
      .createTable('action_log_usage')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('entries', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await moveActionRecordedEvents(db, kind);
  },
});
