import type { Kysely, Migration } from 'kysely';
import type { MigrationTarget } from './migrationTarget';

export const migration0032 = ({ kind }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    const serial = kind === 'postgres' ? 'bigserial' : 'integer';
    // Who revoked a key in the console (null: the command line).
    await db.schema.alterTable('analytics_keys').addColumn('revoked_by', 'bigint').execute();
    // Receivers of the analytics stream (server/analytics/README.md "Analytics webhooks"). The secret signs every
    // delivery, so it is kept as it is: a hash could not sign. Rows are never deleted, so who
    // registered, disabled or deleted a webhook stays on record.
    await db.schema
      .createTable('analytics_webhooks')
      .addColumn('id', serial, (col) => col.primaryKey())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('event_types', 'text', (col) => col.notNull())
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('created_by_user', 'bigint')
      .addColumn('created_by_key', 'bigint')
      .addColumn('disabled_at', 'bigint')
      .addColumn('disabled_by', 'bigint')
      .addColumn('deleted_at', 'bigint')
      .addColumn('deleted_by_user', 'bigint')
      .addColumn('deleted_by_key', 'bigint')
      .addColumn('delivered_through', 'bigint', (col) => col.notNull())
      .addColumn('batch_id', 'text')
      .addColumn('batch_through', 'bigint')
      .addColumn('failures', 'integer', (col) => col.notNull())
      .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('analytics_webhooks_key').on('analytics_webhooks').columns(['created_by_key']).execute();
    await db.schema
      .createTable('analytics_webhook_deliveries')
      .addColumn('id', serial, (col) => col.primaryKey())
      .addColumn('webhook_id', 'bigint', (col) => col.notNull())
      .addColumn('batch_id', 'text', (col) => col.notNull())
      .addColumn('attempt', 'integer', (col) => col.notNull())
      .addColumn('first_position', 'bigint', (col) => col.notNull())
      .addColumn('last_position', 'bigint', (col) => col.notNull())
      .addColumn('events', 'integer', (col) => col.notNull())
      .addColumn('attempted_at', 'bigint', (col) => col.notNull())
      .addColumn('duration_ms', 'integer', (col) => col.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .execute();
    await db.schema.createIndex('analytics_webhook_deliveries_webhook').on('analytics_webhook_deliveries').columns(['webhook_id', 'id']).execute();
    await db.schema.createIndex('analytics_webhook_deliveries_time').on('analytics_webhook_deliveries').columns(['attempted_at']).execute();
  },
});
