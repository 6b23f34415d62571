import type { Kysely, Migration } from 'kysely';
import type { MigrationTarget } from './migrationTarget';

export const migration0013 = ({ kind }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    // Who fetched which purchased file when: an account, or whoever held a mailed link. No addresses.
    await db.schema
      .createTable('commerce_download_log')
      .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('product_id', 'integer', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('user_id', 'bigint')
      .addColumn('via', 'text', (col) => col.notNull())
      .addColumn('downloaded_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('commerce_download_log_order').on('commerce_download_log').columns(['order_id', 'downloaded_at']).execute();
    await db.schema.createIndex('commerce_downloads_file').on('commerce_downloads').columns(['order_id', 'product_id', 'kind']).execute();
  },
});
