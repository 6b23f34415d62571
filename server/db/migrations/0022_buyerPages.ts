import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationTarget } from './migrationTarget';

export const migration0022 = ({ kind }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    // When each product was listed, for the dashboard's "new from producers you follow". A listing's
    // place in the shop is its ProductListed event's position, so that event's time fills the rows there are.
    await db.schema.alterTable('catalogue_products').addColumn('listed_at', 'bigint').execute();
    const eventMillis =
      kind === 'postgres'
        ? sql`(extract(epoch from e.recorded_at::timestamptz) * 1000)::bigint`
        : sql`CAST(ROUND((julianday(e.recorded_at) - 2440587.5) * 86400000) AS INTEGER)`;
    await sql`UPDATE catalogue_products SET listed_at = (SELECT ${eventMillis} FROM events e WHERE e.position = catalogue_products.listed_position)`.execute(db);
    await db.schema.createIndex('catalogue_products_producer_listed_at').on('catalogue_products').columns(['producer_id', 'listed_at']).execute();
    // The order a member's support message is about, picked on the dashboard's Support page.
    await db.schema.alterTable('contact_messages').addColumn('order_id', 'text').execute();
  },
});
