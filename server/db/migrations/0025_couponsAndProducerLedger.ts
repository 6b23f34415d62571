import type { Kysely, Migration } from 'kysely';
import { moveCouponsIntoEvents } from '../couponMigration';
import type { MigrationTarget } from './migrationTarget';

export const migration0025 = ({ kind }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    // Coupons become an aggregate (server/domain/coupon): the producers' coupons kept so far are
    // recorded as created, and the `coupons` projection builds the new read model from the first event.
    await moveCouponsIntoEvents(db, kind);
    await db.schema.dropTable('commerce_coupons').execute();
    await db.schema
      .createTable('coupons')
      .addColumn('code', 'text', (col) => col.primaryKey())
      .addColumn('producer_id', 'bigint')
      .addColumn('percentage', 'integer', (col) => col.notNull())
      .addColumn('valid_from', 'bigint', (col) => col.notNull())
      .addColumn('valid_until', 'bigint', (col) => col.notNull())
      .addColumn('usage_limit', 'integer')
      .addColumn('usage_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    // The producers' ledger (server/projections/ledgerProjection.ts): the lines of orders not
    // settled yet, then one signed entry per sale line, refunded line and payout.
    await db.schema
      .createTable('ledger_orders')
      .addColumn('order_id', 'text', (col) => col.primaryKey())
      .addColumn('placement', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('producer_ledger')
      .addColumn('entry_key', 'text', (col) => col.primaryKey())
      .addColumn('producer_id', 'bigint', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('order_id', 'text')
      .addColumn('product_id', 'bigint')
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('month', 'text', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('discount_cents', 'integer', (col) => col.notNull())
      .addColumn('commission_cents', 'integer', (col) => col.notNull())
      .addColumn('net_cents', 'integer', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('producer_ledger_producer').on('producer_ledger').columns(['producer_id', 'at']).execute();
    await db.schema.createIndex('producer_ledger_month').on('producer_ledger').columns(['month', 'producer_id']).execute();
  },
});
