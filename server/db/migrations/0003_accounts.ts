import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationTarget } from './migrationTarget';

export const migration0003 = ({ kind }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    const serial = kind === 'postgres' ? 'bigserial' : 'integer';
    // Numeric ids come from a counter row bumped with UPDATE … RETURNING, which both databases
    // serialise on the row, so two registrations never get the same id.
    await db.schema
      .createTable('id_sequences')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'bigint', (col) => col.notNull())
      .execute();
    await sql`INSERT INTO id_sequences (name, value) VALUES ('user', 0)`.execute(db);
    // Written in the request's own transaction: registration must see a taken email at once,
    // and password hashes must never reach the event store.
    await db.schema
      .createTable('user_credentials')
      .addColumn('user_id', 'bigint', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('users')
      .addColumn('id', 'bigint', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('first_name', 'text', (col) => col.notNull())
      .addColumn('last_name', 'text', (col) => col.notNull())
      .addColumn('country', 'text', (col) => col.notNull())
      .addColumn('country_short_name', 'text', (col) => col.notNull())
      .addColumn('social_network', 'text')
      .addColumn('roles', 'text', (col) => col.notNull())
      .addColumn('email_confirmed', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('is_pro_buyer', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('blocked', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'bigint', (col) => col.notNull())
      .addColumn('persistent', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id']).execute();
    await db.schema
      .createTable('account_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('user_id', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('account_tokens_user').on('account_tokens').columns(['user_id', 'purpose']).execute();
    await db.schema
      .createTable('login_failures')
      .addColumn('id', serial, (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('ip', 'text', (col) => col.notNull())
      .addColumn('failed_at', 'bigint', (col) => col.notNull())
      .addColumn('counts_for_email', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('login_failures_email').on('login_failures').columns(['email', 'failed_at']).execute();
    await db.schema.createIndex('login_failures_ip').on('login_failures').columns(['ip', 'failed_at']).execute();
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', serial, (col) => col.primaryKey())
      .addColumn('to_address', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('html', 'text', (col) => col.notNull())
      .addColumn('raw_message', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
  },
});
