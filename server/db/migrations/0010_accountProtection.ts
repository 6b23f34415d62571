import type { Kysely, Migration } from 'kysely';
import type { MigrationTarget } from './migrationTarget';

export const migration0010 = ({ kind }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('captcha_spent')
      .addColumn('signature', 'text', (col) => col.primaryKey())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('captcha_spent_expiry').on('captcha_spent').columns(['expires_at']).execute();
    await db.schema
      .createTable('known_devices')
      .addColumn('token_hash', 'text', (col) => col.notNull())
      .addColumn('user_id', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('known_devices_key', ['token_hash', 'user_id'])
      .execute();
    await db.schema.alterTable('login_failures').addColumn('device_hash', 'text').execute();
    await db.schema.createIndex('login_failures_device').on('login_failures').columns(['device_hash', 'email']).execute();
    await db.schema
      .createTable('account_mail_log')
      .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (col) => col.primaryKey())
      .addColumn('recipient', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('account_mail_log_recipient').on('account_mail_log').columns(['recipient', 'sent_at']).execute();
  },
});
