import { type Kysely, type Migration, sql } from 'kysely';

export const migration0016 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // Producers verified by a moderator get profiles numbered from 10001, above the demo shop's.
    await sql`INSERT INTO id_sequences (name, value) VALUES ('producer', 10000)`.execute(db);
    // The personal details a moderator checks; kept out of events so an erased account loses them.
    await db.schema
      .createTable('identity_details')
      .addColumn('user_id', 'bigint', (col) => col.primaryKey())
      .addColumn('legal_name', 'text', (col) => col.notNull())
      .addColumn('date_of_birth', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('producer_verifications')
      .addColumn('user_id', 'bigint', (col) => col.primaryKey())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('artist_name', 'text', (col) => col.notNull())
      .addColumn('short_name', 'text', (col) => col.notNull())
      .addColumn('country', 'text', (col) => col.notNull())
      .addColumn('reason', 'text')
      .addColumn('producer_id', 'bigint')
      .addColumn('submitted_at', 'bigint', (col) => col.notNull())
      .addColumn('decided_at', 'bigint')
      .addColumn('decided_by', 'bigint')
      .execute();
    await db.schema.createIndex('producer_verifications_status').on('producer_verifications').columns(['status', 'submitted_at']).execute();
  },
});
