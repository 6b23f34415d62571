import type { Kysely, Migration } from 'kysely';
import { SOUND_SERVICES } from '../soundServicesSeed';
import type { MigrationTarget } from './migrationTarget';

export const migration0006 = ({ kind }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    const serial = kind === 'postgres' ? 'bigserial' : 'integer';
    // What visitors send from the content pages; moderators and support read these tables.
    await db.schema
      .createTable('contact_messages')
      .addColumn('id', serial, (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('user_id', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('newsletter_subscribers')
      .addColumn('email', 'text', (col) => col.primaryKey())
      .addColumn('subscribed_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('track_reports')
      .addColumn('id', serial, (col) => col.primaryKey())
      .addColumn('product_id', 'integer', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('details', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('user_id', 'bigint')
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    // The moderators' "Reported tracks" list: open reports, newest first.
    await db.schema.createIndex('track_reports_status').on('track_reports').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('track_reports_product').on('track_reports').columns(['product_id']).execute();
    await db.schema
      .createTable('sound_services')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('slug', 'text', (col) => col.notNull().unique())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('delivery_days', 'integer', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    // The services on offer are reference data every database needs, so they arrive with the table.
    await db.insertInto('sound_services' as never).values(SOUND_SERVICES as never).execute();
  },
});
