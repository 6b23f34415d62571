import type { Kysely, Migration } from 'kysely';

export const migration0021 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // One licence contract per sold beat (projection `licence-contracts`): the buyer's and the
    // producer's lists, and the public check of an id and hash.
    await db.schema
      .createTable('licence_contracts')
      .addColumn('contract_id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('product_id', 'bigint', (col) => col.notNull())
      .addColumn('beat_name', 'text', (col) => col.notNull())
      .addColumn('producer_id', 'bigint', (col) => col.notNull())
      .addColumn('producer_name', 'text', (col) => col.notNull())
      .addColumn('buyer_user_id', 'bigint', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('sold_at', 'bigint', (col) => col.notNull())
      .addColumn('issued_at', 'bigint', (col) => col.notNull())
      .addColumn('content_hash', 'text', (col) => col.notNull())
      .addColumn('file_key', 'text', (col) => col.notNull())
      .addUniqueConstraint('licence_contracts_sale', ['order_id', 'product_id'])
      .execute();
    await db.schema.createIndex('licence_contracts_producer').on('licence_contracts').columns(['producer_id', 'sold_at']).execute();
  },
});
