import { type Kysely, type Migration, sql } from 'kysely';

export const migration0027 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // Producers' own custom services (projection `producer-offers`); the streams are the truth.
    await db.schema
      .createTable('producer_offers')
      .addColumn('offer_id', 'bigint', (col) => col.primaryKey())
      .addColumn('producer_id', 'bigint', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('delivery_days', 'integer', (col) => col.notNull())
      .addColumn('live', 'integer', (col) => col.notNull())
      .addColumn('published_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('producer_offers_producer').on('producer_offers').columns(['producer_id', 'live', 'published_at']).execute();
    await sql`INSERT INTO id_sequences (name, value) VALUES ('offer', 0)`.execute(db);
    // Who does a custom order's work: a producer for their own offer; null for the shop's services.
    await db.schema.alterTable('custom_orders').addColumn('producer_id', 'bigint').execute();
    await db.schema.createIndex('custom_orders_producer').on('custom_orders').columns(['producer_id', 'requested_at']).execute();
  },
});
