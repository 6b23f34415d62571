import type { Kysely, Migration } from 'kysely';
import type { MigrationTarget } from './migrationTarget';

export const migration0008 = ({ kind }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    // The built-in provider's payments outlive a restart: a 3-D Secure step or a PayPal
    // approval in progress is still there when the buyer comes back.
    await db.schema
      .createTable('sandbox_payments')
      .addColumn('seq', kind === 'postgres' ? 'bigserial' : 'integer', (col) => col.primaryKey())
      .addColumn('id', 'text', (col) => col.notNull().unique())
      // One payment per order and kind, as an idempotency key gives at Stripe.
      .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('amount_cents', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('return_url', 'text', (col) => col.notNull())
      .addColumn('cancel_url', 'text', (col) => col.notNull())
      .addColumn('charges', 'integer', (col) => col.notNull())
      .addColumn('refunds', 'integer', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sandbox_payments_order').on('sandbox_payments').columns(['order_id']).execute();
  },
});
