import type { Kysely, Migration } from 'kysely';
import type { MigrationTarget } from './migrationTarget';

export const migration0005 = ({ kind }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    // Producers' coupons; the sitewide December code is a rule in code, not a row.
    await db.schema
      .createTable('commerce_coupons')
      .addColumn('code', 'text', (col) => col.primaryKey())
      .addColumn('producer_id', 'integer', (col) => col.notNull())
      .addColumn('percentage', 'integer', (col) => col.notNull())
      .addColumn('valid_from', 'bigint', (col) => col.notNull())
      .addColumn('valid_until', 'bigint', (col) => col.notNull())
      .execute();
    // Written before the order stream exists, so a retried checkout finds the order it started.
    await db.schema
      .createTable('commerce_order_requests')
      .addColumn('user_id', 'bigint', (col) => col.notNull())
      .addColumn('request_key', 'text', (col) => col.notNull())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('commerce_order_requests_pk', ['user_id', 'request_key'])
      .execute();
    // A provider's webhook names its payment, not our order.
    await db.schema
      .createTable('commerce_payment_refs')
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('provider_payment_id', 'text', (col) => col.notNull())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('commerce_payment_refs_pk', ['provider', 'provider_payment_id'])
      .execute();
    await db.schema
      .createTable('commerce_downloads')
      .addColumn('token', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('product_id', 'integer', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('revoked', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('commerce_downloads_order').on('commerce_downloads').columns(['order_id']).execute();
  },
});
