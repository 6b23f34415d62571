import type { Kysely, Migration } from 'kysely';
import type { MigrationTarget } from './migrationTarget';

export const migration0031 = ({ kind }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    const serial = kind === 'postgres' ? 'bigserial' : 'integer';
    // The analytics stream (issue 13): events derived once each from domain events and action
    // logs, in the order they were derived; `position` is the readers' cursor.
    await db.schema
      .createTable('analytics_events')
      .addColumn('position', serial, (col) => (kind === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
      .addColumn('message_id', 'text', (col) => col.notNull().unique())
      .addColumn('event', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('occurred_at', 'bigint', (col) => col.notNull())
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text')
      .addColumn('anonymous_id', 'text')
      .addColumn('actor', 'text')
      .addColumn('revenue_cents', 'bigint')
      .addColumn('product_id', 'bigint')
      .addColumn('producer_id', 'bigint')
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('derived_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('analytics_events_event_position').on('analytics_events').columns(['event', 'position']).execute();
    await db.schema.createIndex('analytics_events_event_time').on('analytics_events').columns(['event', 'occurred_at']).execute();
    await db.schema.createIndex('analytics_events_product').on('analytics_events').columns(['product_id', 'event', 'occurred_at']).execute();
    await db.schema.createIndex('analytics_events_producer').on('analytics_events').columns(['producer_id', 'event', 'occurred_at']).execute();
    // An order's products, one row each, for the reports' sales by beat and by producer.
    await db.schema
      .createTable('analytics_event_products')
      .addColumn('position', 'bigint', (col) => col.notNull())
      .addColumn('product_id', 'bigint', (col) => col.notNull())
      .addColumn('producer_id', 'bigint', (col) => col.notNull())
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('price_cents', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('analytics_event_products_pk', ['position', 'product_id'])
      .execute();
    await db.schema.createIndex('analytics_event_products_product').on('analytics_event_products').columns(['product_id']).execute();
    await db.schema.createIndex('analytics_event_products_producer').on('analytics_event_products').columns(['producer_id']).execute();
    // How far each tab's log has been read into events (its entries arrive in batches, a beacon
    // may overtake a batch), and what the reading remembers between batches (a coupon typed).
    await db.schema
      .createTable('analytics_log_progress')
      .addColumn('session_id', 'text', (col) => col.primaryKey())
      .addColumn('through_seq', 'integer', (col) => col.notNull())
      .addColumn('memory', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('analytics_log_progress_updated').on('analytics_log_progress').columns(['updated_at']).execute();
    await db.schema
      .createTable('analytics_marks')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'bigint', (col) => col.notNull())
      .execute();
    // Keys of the analytics API: only a hash is kept; the key is shown once, when it is made.
    await db.schema
      .createTable('analytics_keys')
      .addColumn('id', serial, (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('key_hash', 'text', (col) => col.notNull().unique())
      .addColumn('key_prefix', 'text', (col) => col.notNull())
      .addColumn('scopes', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('created_by', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addColumn('last_used_at', 'bigint')
      .execute();
  },
});
