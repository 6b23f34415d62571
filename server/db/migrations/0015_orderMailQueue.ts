import { type Kysely, type Migration, sql } from 'kysely';

export const migration0015 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // Paid orders whose mail is still to be sent: written with the payment's projection, so
    // a crash between the payment and the mail leaves the mail due, never forgotten.
    await db.schema
      .createTable('commerce_order_mail_queue')
      .addColumn('order_id', 'text', (col) => col.primaryKey())
      .addColumn('queued_at', 'bigint', (col) => col.notNull())
      .execute();
    // Orders paid before the queue existed were mailed already: the projection starts at the head.
    await sql`INSERT INTO projection_checkpoints (name, position) SELECT 'order-mail-queue', COALESCE(MAX(position), 0) FROM events`.execute(db);
  },
});
