import { type Kysely, type Migration, sql } from 'kysely';

export const migration0034 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // A producer's uploads in flight and in processing, one row per slot: the primary key lets
    // only one of two uploads racing for a slot take it, on any number of servers.
    await db.schema
      .createTable('upload_slots')
      .addColumn('producer_id', 'bigint', (col) => col.notNull())
      .addColumn('slot', 'integer', (col) => col.notNull())
      .addColumn('product_id', 'bigint', (col) => col.notNull())
      .addColumn('arriving_until', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('upload_slots_key', ['producer_id', 'slot'])
      .execute();
    // Uploads already waiting for processing hold their slots from the start.
    const waiting = await sql<{ producer_id: number | string; product_id: number | string }>`
      SELECT producer_id, product_id FROM studio_products WHERE status = 'processing' ORDER BY producer_id, submitted_at, product_id`.execute(db);
    const slots = new Map<string, number>();
    for (const row of waiting.rows) {
      const slot = slots.get(String(row.producer_id)) ?? 0;
      slots.set(String(row.producer_id), slot + 1);
      await sql`INSERT INTO upload_slots (producer_id, slot, product_id, arriving_until) VALUES (${row.producer_id}, ${slot}, ${row.product_id}, 0)`.execute(db);
    }
  },
});
