import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { type Logger, silentLogger } from '../logging/logger';
import type { DatabaseKind } from './database';
import { moveActionLogsIntoFile, actionLogFileOf } from './actionLogFile';
import { backfillActionLogSummaries, moveActionRecordedEvents } from './actionLogMigration';
import { moveCouponsIntoEvents } from './couponMigration';
import { SOUND_SERVICES } from './soundServicesSeed';

/**
 * Schema migrations for both databases, in order. Kysely's migrator records what ran and,
 * on PostgreSQL, holds a lock so that two starting servers do not migrate at once.
 */
function migrations(kind: DatabaseKind, sqliteFile: string | undefined): Record<string, Migration> {
  const json = kind === 'postgres' ? 'jsonb' : 'text';
  return {
    '0001_event_store': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('events')
          .addColumn('position', kind === 'postgres' ? 'bigserial' : 'integer', (col) => col.primaryKey())
          .addColumn('stream_id', 'text', (col) => col.notNull())
          .addColumn('version', 'integer', (col) => col.notNull())
          .addColumn('type', 'text', (col) => col.notNull())
          .addColumn('data', sql.raw(json), (col) => col.notNull())
          .addColumn('metadata', sql.raw(json))
          .addColumn('recorded_at', 'text', (col) => col.notNull())
          .addUniqueConstraint('events_stream_version', ['stream_id', 'version'])
          .execute();
        await db.schema.createIndex('events_type_position').on('events').columns(['type', 'position']).execute();
        await db.schema
          .createTable('projection_checkpoints')
          .addColumn('name', 'text', (col) => col.primaryKey())
          .addColumn('position', 'bigint', (col) => col.notNull())
          .execute();
      },
    },
    '0002_catalogue_products': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('catalogue_products')
          .addColumn('id', 'integer', (col) => col.primaryKey())
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('product_type', 'text', (col) => col.notNull())
          .addColumn('genre', 'text', (col) => col.notNull())
          .addColumn('bpm', 'integer')
          .addColumn('musical_key', 'text')
          .addColumn('scale', 'text')
          .addColumn('price_cents', 'integer', (col) => col.notNull())
          .addColumn('is_sold', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('cover_image_src', 'text')
          .addColumn('preview_track_src', 'text')
          .addColumn('producer_id', 'integer', (col) => col.notNull())
          .addColumn('producer_name', 'text', (col) => col.notNull())
          .addColumn('producer_url', 'text', (col) => col.notNull())
          .addColumn('listed_position', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex('catalogue_products_newest')
          .on('catalogue_products')
          .columns(['listed_position'])
          .execute();
      },
    },
    '0003_accounts': {
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
    },
    '0004_catalogue': {
      async up(db: Kysely<unknown>) {
        // The foundation's one-table catalogue is rebuilt from the product events with the new shape.
        await db.schema.dropTable('catalogue_products').execute();
        await sql`DELETE FROM projection_checkpoints WHERE name = 'catalogue'`.execute(db);
        await db.schema
          .createTable('catalogue_products')
          .addColumn('id', 'integer', (col) => col.primaryKey())
          .addColumn('producer_id', 'integer', (col) => col.notNull())
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('product_type', 'text', (col) => col.notNull())
          .addColumn('genre_ids', 'text', (col) => col.notNull())
          .addColumn('mood_ids', 'text', (col) => col.notNull())
          .addColumn('tags', 'text', (col) => col.notNull())
          .addColumn('bpm', 'integer')
          .addColumn('musical_key', 'text')
          .addColumn('scale', 'text')
          .addColumn('vocal_type', 'text')
          .addColumn('samples_type', 'text')
          .addColumn('vocal_gender', 'text')
          .addColumn('is_new', 'integer', (col) => col.notNull())
          .addColumn('is_supersale', 'integer', (col) => col.notNull())
          .addColumn('is_premium', 'integer', (col) => col.notNull())
          .addColumn('price_cents', 'integer', (col) => col.notNull())
          .addColumn('project_file_price_cents', 'integer')
          .addColumn('exclusive', 'integer', (col) => col.notNull())
          .addColumn('is_sold', 'integer', (col) => col.notNull())
          .addColumn('cover_image_src', 'text')
          .addColumn('preview_track_src', 'text')
          .addColumn('preview_duration_seconds', 'real')
          .addColumn('listed_position', 'bigint', (col) => col.notNull())
          .execute();
        // The shop lists tracks and sample packs together, so the sort orders lead and the type is a filter.
        await db.schema.createIndex('catalogue_products_newest').on('catalogue_products').columns(['listed_position']).execute();
        await db.schema.createIndex('catalogue_products_price').on('catalogue_products').columns(['price_cents', 'id']).execute();
        await db.schema.createIndex('catalogue_products_producer').on('catalogue_products').columns(['producer_id', 'listed_position']).execute();
        for (const [table, column, type] of [
          ['catalogue_product_genres', 'genre_id', 'integer'],
          ['catalogue_product_moods', 'mood_id', 'integer'],
          ['catalogue_product_tags', 'tag', 'text'],
        ] as const) {
          await db.schema
            .createTable(table)
            .addColumn('product_id', 'integer', (col) => col.notNull())
            .addColumn(column, type, (col) => col.notNull())
            .addPrimaryKeyConstraint(`${table}_pk`, [column, 'product_id'])
            .execute();
          await db.schema.createIndex(`${table}_product`).on(table).columns(['product_id']).execute();
        }
        await db.schema
          .createTable('catalogue_tags')
          .addColumn('tag', 'text', (col) => col.primaryKey())
          .addColumn('product_count', 'integer', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('catalogue_tags_count').on('catalogue_tags').columns(['product_count']).execute();
        // Peaks are kilobytes per preview: kept apart so that list queries never read them.
        await db.schema
          .createTable('catalogue_peaks')
          .addColumn('product_id', 'integer', (col) => col.primaryKey())
          .addColumn('peaks', 'text', (col) => col.notNull())
          .execute();
        await db.schema
          .createTable('catalogue_producers')
          .addColumn('id', 'integer', (col) => col.primaryKey())
          .addColumn('artist_name', 'text', (col) => col.notNull())
          .addColumn('short_name', 'text', (col) => col.notNull().unique())
          .addColumn('avatar_src', 'text')
          .addColumn('followers', 'integer', (col) => col.notNull())
          .execute();
        await db.schema
          .createTable('producer_follows')
          .addColumn('producer_id', 'integer', (col) => col.notNull())
          .addColumn('user_id', 'bigint', (col) => col.notNull())
          .addPrimaryKeyConstraint('producer_follows_pk', ['producer_id', 'user_id'])
          .execute();
      },
    },
    '0005_commerce': {
      async up(db: Kysely<unknown>) {
        // Producers' coupons; the sitewide December code is a rule in code, not a row.
        await db.schema
          .createTable('commerce_coupons')
          .addColumn('code', 'text', (col) => col.primaryKey())
          .addColumn('producer_id', 'integer', (col) => col.notNull())
          .addColumn('percentage', 'integer', (col) => col.notNull())
          .addColumn('valid_from', 'bigint', (col) => col.notNull())
          .addColumn('valid_until', 'bigint', (col) => col.notNull())
          .execute();
        // Written before the order stream exists, so a retried checkout finds the order it started.
        await db.schema
          .createTable('commerce_order_requests')
          .addColumn('user_id', 'bigint', (col) => col.notNull())
          .addColumn('request_key', 'text', (col) => col.notNull())
          .addColumn('order_id', 'text', (col) => col.notNull())
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addPrimaryKeyConstraint('commerce_order_requests_pk', ['user_id', 'request_key'])
          .execute();
        // A provider's webhook names its payment, not our order.
        await db.schema
          .createTable('commerce_payment_refs')
          .addColumn('provider', 'text', (col) => col.notNull())
          .addColumn('provider_payment_id', 'text', (col) => col.notNull())
          .addColumn('order_id', 'text', (col) => col.notNull())
          .addPrimaryKeyConstraint('commerce_payment_refs_pk', ['provider', 'provider_payment_id'])
          .execute();
        await db.schema
          .createTable('commerce_downloads')
          .addColumn('token', 'text', (col) => col.primaryKey())
          .addColumn('order_id', 'text', (col) => col.notNull())
          .addColumn('product_id', 'integer', (col) => col.notNull())
          .addColumn('kind', 'text', (col) => col.notNull())
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('expires_at', 'bigint', (col) => col.notNull())
          .addColumn('revoked', 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('commerce_downloads_order').on('commerce_downloads').columns(['order_id']).execute();
      },
    },
    '0006_pages_forms': {
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
    },
    '0007_track_plays': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('track_plays')
          .addColumn('product_id', 'integer', (col) => col.primaryKey())
          .addColumn('plays', 'integer', (col) => col.notNull())
          .execute();
      },
    },
    '0008_sandbox_payments': {
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
    },
    '0009_action_logs': {
      async up(db: Kysely<unknown>) {
        // Action logs are telemetry, not domain truth: in tables of their own, ingesting them wakes
        // no projection, and old logs can be deleted.
        await db.schema
          .createTable('action_log_sessions')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('user_id', 'bigint')
          .addColumn('started_at', 'bigint', (col) => col.notNull())
          .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
          .addColumn('entry_count', 'integer', (col) => col.notNull())
          .execute();
        // Expiry and eviction walk the least recently active logs; support looks up a user's logs.
        await db.schema.createIndex('action_log_sessions_last_seen').on('action_log_sessions').columns(['last_seen_at']).execute();
        await db.schema.createIndex('action_log_sessions_user').on('action_log_sessions').columns(['user_id', 'last_seen_at']).execute();
        await db.schema
          .createTable('action_log_entries')
          .addColumn('session_id', 'text', (col) => col.notNull())
          .addColumn('seq', 'integer', (col) => col.notNull())
          .addColumn('at', 'text', (col) => col.notNull())
          .addColumn('type', 'text', (col) => col.notNull())
          // Text, not jsonb: the payload is only ever read back whole, and text keeps it as sent.
          .addColumn('payload', 'text')
          .addPrimaryKeyConstraint('action_log_entries_pk', ['session_id', 'seq'])
          .execute();
        await db.schema
          .createTable('action_log_address_minutes')
          .addColumn('address_key', 'text', (col) => col.notNull())
          .addColumn('minute', 'bigint', (col) => col.notNull())
          .addColumn('entries', 'integer', (col) => col.notNull())
          .addPrimaryKeyConstraint('action_log_address_minutes_pk', ['address_key', 'minute'])
          .execute();
        await db.schema
          .createTable('action_log_usage')
          .addColumn('id', 'integer', (col) => col.primaryKey())
          .addColumn('entries', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema
          .createTable('server_secrets')
          .addColumn('name', 'text', (col) => col.primaryKey())
          .addColumn('secret', 'text', (col) => col.notNull())
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .execute();
        await moveActionRecordedEvents(db, kind);
      },
    },
    '0010_account_protection': {
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
    },
    '0011_every_beat_sells_once': {
      async up(db: Kysely<unknown>) {
        // Whether a product sells once follows from its type now (a beat); the flag is gone.
        await db.schema.alterTable('catalogue_products').dropColumn('exclusive').execute();
      },
    },
    '0012_payment_reconciliation': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('commerce_open_orders')
          .addColumn('order_id', 'text', (col) => col.primaryKey())
          .addColumn('placed_at', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('commerce_open_orders_placed').on('commerce_open_orders').columns(['placed_at']).execute();
        // Background jobs run once across servers: whoever holds an unexpired lease runs the job.
        await db.schema
          .createTable('jobs')
          .addColumn('name', 'text', (col) => col.primaryKey())
          .addColumn('next_run_at', 'bigint', (col) => col.notNull())
          .addColumn('lease_owner', 'text')
          .addColumn('lease_until', 'bigint')
          .addColumn('last_finished_at', 'bigint')
          .addColumn('last_error', 'text')
          .execute();
      },
    },
    '0013_download_log': {
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
    },
    '0014_rate_limit_hits': {
      async up(db: Kysely<unknown>) {
        // Rate limits count here rather than in each process's memory, so they hold across servers.
        await db.schema
          .createTable('rate_limit_hits')
          .addColumn('limiter', 'text', (col) => col.notNull())
          .addColumn('client', 'text', (col) => col.notNull())
          .addColumn('hits', 'integer', (col) => col.notNull())
          .addColumn('reset_at', 'bigint', (col) => col.notNull())
          .addPrimaryKeyConstraint('rate_limit_hits_pk', ['limiter', 'client'])
          .execute();
      },
    },
    '0015_order_mail_queue': {
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
    },
    '0016_producer_verification': {
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
    },
    '0017_studio_products': {
      async up(db: Kysely<unknown>) {
        // Beats uploaded in the studio are numbered from 10001, above the demo shop's products.
        await sql`INSERT INTO id_sequences (name, value) VALUES ('product', 10000)`.execute(db);
        await db.schema
          .createTable('studio_products')
          .addColumn('product_id', 'bigint', (col) => col.primaryKey())
          .addColumn('producer_id', 'bigint', (col) => col.notNull())
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('message', 'text')
          .addColumn('price_cents', 'integer', (col) => col.notNull())
          .addColumn('duration_seconds', 'real')
          .addColumn('cover_image_src', 'text')
          .addColumn('preview_src', 'text')
          .addColumn('master_key', 'text', (col) => col.notNull())
          .addColumn('submitted_at', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('studio_products_producer').on('studio_products').columns(['producer_id', 'submitted_at']).execute();
        await db.schema.createIndex('studio_products_status').on('studio_products').columns(['status', 'submitted_at']).execute();
      },
    },
    '0018_orders_read_model': {
      async up(db: Kysely<unknown>) {
        // Every order by buyer, newest first, for the dashboard and the shop's totals; filled from the
        // first event by the `orders` projection (no checkpoint yet), so existing orders are in it.
        await db.schema
          .createTable('commerce_orders')
          .addColumn('order_id', 'text', (col) => col.primaryKey())
          .addColumn('user_id', 'bigint', (col) => col.notNull())
          .addColumn('placed_at', 'bigint', (col) => col.notNull())
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('total_cents', 'integer', (col) => col.notNull())
          .addColumn('lines', 'text', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('commerce_orders_user').on('commerce_orders').columns(['user_id', 'placed_at']).execute();
        await db.schema.createIndex('commerce_orders_status').on('commerce_orders').columns(['status']).execute();
      },
    },
    '0019_beat_masters': {
      async up(db: Kysely<unknown>) {
        // Sold beats whose master the masters job has dealt with: a demo beat's rendered, an upload's
        // found already there. What is not in it yet is the job's work (server/commerce/demoMasters.ts).
        await db.schema
          .createTable('beat_masters')
          .addColumn('product_id', 'bigint', (col) => col.primaryKey())
          .addColumn('source', 'text', (col) => col.notNull())
          .addColumn('recorded_at', 'bigint', (col) => col.notNull())
          .execute();
      },
    },
    '0020_studio_beat_details': {
      async up(db: Kysely<unknown>) {
        // What the producer stated, so `My beats` opens the edit form with it. The studio read model
        // is emptied and rebuilt from the product events, so every row has it.
        await db.schema.alterTable('studio_products').addColumn('details', 'text', (col) => col.notNull().defaultTo('{}')).execute();
        await db.schema.alterTable('studio_products').addColumn('has_stems', 'integer', (col) => col.notNull().defaultTo(0)).execute();
        await sql`DELETE FROM studio_products`.execute(db);
        await sql`DELETE FROM projection_checkpoints WHERE name = 'studio'`.execute(db);
      },
    },
    '0021_licence_contracts': {
      async up(db: Kysely<unknown>) {
        // One licence contract per sold beat (projection `licence-contracts`): the buyer's and the
        // producer's lists, and the public check of an id and hash.
        await db.schema
          .createTable('licence_contracts')
          .addColumn('contract_id', 'text', (col) => col.primaryKey())
          .addColumn('order_id', 'text', (col) => col.notNull())
          .addColumn('product_id', 'bigint', (col) => col.notNull())
          .addColumn('beat_name', 'text', (col) => col.notNull())
          .addColumn('producer_id', 'bigint', (col) => col.notNull())
          .addColumn('producer_name', 'text', (col) => col.notNull())
          .addColumn('buyer_user_id', 'bigint', (col) => col.notNull())
          .addColumn('price_cents', 'integer', (col) => col.notNull())
          .addColumn('sold_at', 'bigint', (col) => col.notNull())
          .addColumn('issued_at', 'bigint', (col) => col.notNull())
          .addColumn('content_hash', 'text', (col) => col.notNull())
          .addColumn('file_key', 'text', (col) => col.notNull())
          .addUniqueConstraint('licence_contracts_sale', ['order_id', 'product_id'])
          .execute();
        await db.schema.createIndex('licence_contracts_producer').on('licence_contracts').columns(['producer_id', 'sold_at']).execute();
      },
    },
    '0022_buyer_pages': {
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
    },
    '0023_custom_orders': {
      async up(db: Kysely<unknown>) {
        // Custom orders by buyer and by state, for the buyer's Services page and the shop's list
        // (projection `custom-orders`); the rows are the read model, the streams the truth.
        await db.schema
          .createTable('custom_orders')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('buyer_id', 'bigint', (col) => col.notNull())
          .addColumn('service_id', 'integer', (col) => col.notNull())
          .addColumn('service_name', 'text', (col) => col.notNull())
          .addColumn('price_cents', 'integer', (col) => col.notNull())
          .addColumn('state', 'text', (col) => col.notNull())
          .addColumn('requested_at', 'bigint', (col) => col.notNull())
          .addColumn('due_at', 'bigint')
          .addColumn('updated_at', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('custom_orders_buyer').on('custom_orders').columns(['buyer_id', 'requested_at']).execute();
        await db.schema.createIndex('custom_orders_state').on('custom_orders').columns(['state', 'requested_at']).execute();
        // Orders that carry a custom order's payment, and the custom orders whose payment or refund
        // is to be brought in line with their order (server/customOrders/customOrderProcess.ts).
        await db.schema.createTable('custom_order_payments').addColumn('order_id', 'text', (col) => col.primaryKey()).execute();
        await db.schema
          .createTable('custom_order_sync')
          .addColumn('custom_order_id', 'text', (col) => col.primaryKey())
          .addColumn('queued_at', 'bigint', (col) => col.notNull())
          .execute();
        // Each step's mail to the other party, due in the projection's transaction.
        await db.schema
          .createTable('custom_order_mail_queue')
          .addColumn('position', 'bigint', (col) => col.primaryKey())
          .addColumn('custom_order_id', 'text', (col) => col.notNull())
          .addColumn('event_type', 'text', (col) => col.notNull())
          .addColumn('queued_at', 'bigint', (col) => col.notNull())
          .execute();
      },
    },
    '0024_admin_back_office': {
      async up(db: Kysely<unknown>) {
        // Every product in every state for the admin's `All tracks`, filled from the first event by
        // the `admin-products` projection (no checkpoint yet).
        await db.schema
          .createTable('admin_products')
          .addColumn('product_id', 'bigint', (col) => col.primaryKey())
          .addColumn('producer_id', 'bigint', (col) => col.notNull())
          .addColumn('product_type', 'text', (col) => col.notNull())
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('price_cents', 'integer', (col) => col.notNull())
          .addColumn('sold_order_id', 'text')
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('admin_products_producer').on('admin_products').columns(['producer_id', 'status']).execute();
        await db.schema.createIndex('admin_products_created').on('admin_products').columns(['created_at']).execute();
        // Refunded orders whose mail to the buyer is still to be sent; `claimed_until` lets one sender at a time have it.
        await db.schema
          .createTable('commerce_refund_mail_queue')
          .addColumn('order_id', 'text', (col) => col.primaryKey())
          .addColumn('queued_at', 'bigint', (col) => col.notNull())
          .addColumn('claimed_until', 'bigint')
          .execute();
        await db.schema.createIndex('commerce_orders_placed').on('commerce_orders').columns(['placed_at']).execute();
      },
    },
    '0025_coupons_and_producer_ledger': {
      async up(db: Kysely<unknown>) {
        // Coupons become an aggregate (server/domain/coupon): the producers' coupons kept so far are
        // recorded as created, and the `coupons` projection builds the new read model from the first event.
        await moveCouponsIntoEvents(db, kind);
        await db.schema.dropTable('commerce_coupons').execute();
        await db.schema
          .createTable('coupons')
          .addColumn('code', 'text', (col) => col.primaryKey())
          .addColumn('producer_id', 'bigint')
          .addColumn('percentage', 'integer', (col) => col.notNull())
          .addColumn('valid_from', 'bigint', (col) => col.notNull())
          .addColumn('valid_until', 'bigint', (col) => col.notNull())
          .addColumn('usage_limit', 'integer')
          .addColumn('usage_count', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .execute();
        // The producers' ledger (server/projections/ledgerProjection.ts): the lines of orders not
        // settled yet, then one signed entry per sale line, refunded line and payout.
        await db.schema
          .createTable('ledger_orders')
          .addColumn('order_id', 'text', (col) => col.primaryKey())
          .addColumn('placement', 'text', (col) => col.notNull())
          .execute();
        await db.schema
          .createTable('producer_ledger')
          .addColumn('entry_key', 'text', (col) => col.primaryKey())
          .addColumn('producer_id', 'bigint', (col) => col.notNull())
          .addColumn('kind', 'text', (col) => col.notNull())
          .addColumn('order_id', 'text')
          .addColumn('product_id', 'bigint')
          .addColumn('description', 'text', (col) => col.notNull())
          .addColumn('at', 'bigint', (col) => col.notNull())
          .addColumn('month', 'text', (col) => col.notNull())
          .addColumn('price_cents', 'integer', (col) => col.notNull())
          .addColumn('discount_cents', 'integer', (col) => col.notNull())
          .addColumn('commission_cents', 'integer', (col) => col.notNull())
          .addColumn('net_cents', 'integer', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('producer_ledger_producer').on('producer_ledger').columns(['producer_id', 'at']).execute();
        await db.schema.createIndex('producer_ledger_month').on('producer_ledger').columns(['month', 'producer_id']).execute();
      },
    },
    '0026_account_settings': {
      async up(db: Kysely<unknown>) {
        // The sessions list names each session's browser and when it was last used. The last use is
        // written as requests come (at most once a minute) into a table of its own: a read leaves
        // the sessions themselves untouched.
        await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
        await db.schema
          .createTable('session_activity')
          .addColumn('token_hash', 'text', (col) => col.primaryKey())
          .addColumn('user_id', 'bigint', (col) => col.notNull())
          .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('session_activity_user').on('session_activity').columns(['user_id']).execute();
        // An email change's link carries the new address to the account only once it is confirmed.
        await db.schema.alterTable('account_tokens').addColumn('new_email', 'text').execute();
        await db.schema.alterTable('users').addColumn('avatar_src', 'text').execute();
      },
    },
    '0027_producer_offers': {
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
    },
    '0028_action_log_summaries': {
      async up(db: Kysely<unknown>) {
        // Support lists sessions with what each holds (pages seen, the window's width, failed
        // requests, errors) without reading their entries: kept by every batch, filled here once.
        await db.schema.alterTable('action_log_sessions').addColumn('page_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();
        await db.schema.alterTable('action_log_sessions').addColumn('viewport_width', 'integer').execute();
        await db.schema.alterTable('action_log_sessions').addColumn('failed_requests', 'integer', (col) => col.notNull().defaultTo(0)).execute();
        await db.schema.alterTable('action_log_sessions').addColumn('error_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();
        // Sessions by the actions they hold ("had a coupon refused"), and by when they started.
        await db.schema.createIndex('action_log_entries_type').on('action_log_entries').columns(['type', 'session_id']).execute();
        await db.schema.createIndex('action_log_sessions_started').on('action_log_sessions').columns(['started_at']).execute();
        await backfillActionLogSummaries(db, kind);
      },
    },
    '0029_support_console': {
      async up(db: Kysely<unknown>) {
        // The support console joins a tab's log to the events its requests caused by the tracking id
        // in their metadata (SPEC §7), a guest's cart and orders included: an index, not a scan.
        if (kind === 'postgres') await sql`CREATE INDEX events_tracking_id ON events ((metadata ->> 'trackingId'))`.execute(db);
        else await sql`CREATE INDEX events_tracking_id ON events (metadata ->> '$.trackingId')`.execute(db);
        // A session an admin imported from another server's export, and the events that came with it
        // (that shop's history: kept beside the session, never appended to this event store).
        await db.schema.alterTable('action_log_sessions').addColumn('imported_at', 'bigint').execute();
        await db.schema
          .createTable('support_imported_events')
          .addColumn('session_id', 'text', (col) => col.notNull())
          .addColumn('position', 'bigint', (col) => col.notNull())
          .addColumn('view', 'text', (col) => col.notNull())
          .addPrimaryKeyConstraint('support_imported_events_pk', ['session_id', 'position'])
          .execute();
      },
    },
    '0030_action_log_file': {
      async up(db: Kysely<unknown>) {
        // SQLite has one writer per file: the action logs move into a file of their own, so that
        // checkout never waits for telemetry's writes (server/db/actionLogFile.ts).
        if (kind === 'postgres') return;
        if (sqliteFile === undefined) throw new Error('Migration 0030 moves the action logs beside the SQLite file, and needs its name');
        await moveActionLogsIntoFile(db, actionLogFileOf(sqliteFile));
      },
    },
    '0031_analytics': {
      async up(db: Kysely<unknown>) {
        const serial = kind === 'postgres' ? 'bigserial' : 'integer';
        // The analytics stream (issue 13): events derived once each from domain events and action
        // logs, in the order they were derived; `position` is the readers' cursor.
        await db.schema
          .createTable('analytics_events')
          .addColumn('position', serial, (col) => (kind === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
          .addColumn('message_id', 'text', (col) => col.notNull().unique())
          .addColumn('event', 'text', (col) => col.notNull())
          .addColumn('source', 'text', (col) => col.notNull())
          .addColumn('occurred_at', 'bigint', (col) => col.notNull())
          .addColumn('day', 'text', (col) => col.notNull())
          .addColumn('user_id', 'text')
          .addColumn('anonymous_id', 'text')
          .addColumn('actor', 'text')
          .addColumn('revenue_cents', 'bigint')
          .addColumn('product_id', 'bigint')
          .addColumn('producer_id', 'bigint')
          .addColumn('message', 'text', (col) => col.notNull())
          .addColumn('derived_at', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('analytics_events_event_position').on('analytics_events').columns(['event', 'position']).execute();
        await db.schema.createIndex('analytics_events_event_time').on('analytics_events').columns(['event', 'occurred_at']).execute();
        await db.schema.createIndex('analytics_events_product').on('analytics_events').columns(['product_id', 'event', 'occurred_at']).execute();
        await db.schema.createIndex('analytics_events_producer').on('analytics_events').columns(['producer_id', 'event', 'occurred_at']).execute();
        // An order's products, one row each, for the reports' sales by beat and by producer.
        await db.schema
          .createTable('analytics_event_products')
          .addColumn('position', 'bigint', (col) => col.notNull())
          .addColumn('product_id', 'bigint', (col) => col.notNull())
          .addColumn('producer_id', 'bigint', (col) => col.notNull())
          .addColumn('category', 'text', (col) => col.notNull())
          .addColumn('price_cents', 'bigint', (col) => col.notNull())
          .addPrimaryKeyConstraint('analytics_event_products_pk', ['position', 'product_id'])
          .execute();
        await db.schema.createIndex('analytics_event_products_product').on('analytics_event_products').columns(['product_id']).execute();
        await db.schema.createIndex('analytics_event_products_producer').on('analytics_event_products').columns(['producer_id']).execute();
        // How far each tab's log has been read into events (its entries arrive in batches, a beacon
        // may overtake a batch), and what the reading remembers between batches (a coupon typed).
        await db.schema
          .createTable('analytics_log_progress')
          .addColumn('session_id', 'text', (col) => col.primaryKey())
          .addColumn('through_seq', 'integer', (col) => col.notNull())
          .addColumn('memory', 'text', (col) => col.notNull())
          .addColumn('updated_at', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('analytics_log_progress_updated').on('analytics_log_progress').columns(['updated_at']).execute();
        await db.schema
          .createTable('analytics_marks')
          .addColumn('name', 'text', (col) => col.primaryKey())
          .addColumn('value', 'bigint', (col) => col.notNull())
          .execute();
        // Keys of the analytics API: only a hash is kept; the key is shown once, when it is made.
        await db.schema
          .createTable('analytics_keys')
          .addColumn('id', serial, (col) => col.primaryKey())
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('key_hash', 'text', (col) => col.notNull().unique())
          .addColumn('key_prefix', 'text', (col) => col.notNull())
          .addColumn('scopes', 'text', (col) => col.notNull())
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addColumn('created_by', 'bigint')
          .addColumn('revoked_at', 'bigint')
          .addColumn('last_used_at', 'bigint')
          .execute();
      },
    },
    '0032_analytics_webhooks': {
      async up(db: Kysely<unknown>) {
        const serial = kind === 'postgres' ? 'bigserial' : 'integer';
        // Who revoked a key in the console (null: the command line).
        await db.schema.alterTable('analytics_keys').addColumn('revoked_by', 'bigint').execute();
        // Receivers of the analytics stream (server/analytics/README.md "Analytics webhooks"). The secret signs every
        // delivery, so it is kept as it is: a hash could not sign. Rows are never deleted, so who
        // registered, disabled or deleted a webhook stays on record.
        await db.schema
          .createTable('analytics_webhooks')
          .addColumn('id', serial, (col) => col.primaryKey())
          .addColumn('url', 'text', (col) => col.notNull())
          .addColumn('event_types', 'text', (col) => col.notNull())
          .addColumn('secret', 'text', (col) => col.notNull())
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addColumn('created_by_user', 'bigint')
          .addColumn('created_by_key', 'bigint')
          .addColumn('disabled_at', 'bigint')
          .addColumn('disabled_by', 'bigint')
          .addColumn('deleted_at', 'bigint')
          .addColumn('deleted_by_user', 'bigint')
          .addColumn('deleted_by_key', 'bigint')
          .addColumn('delivered_through', 'bigint', (col) => col.notNull())
          .addColumn('batch_id', 'text')
          .addColumn('batch_through', 'bigint')
          .addColumn('failures', 'integer', (col) => col.notNull())
          .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('analytics_webhooks_key').on('analytics_webhooks').columns(['created_by_key']).execute();
        await db.schema
          .createTable('analytics_webhook_deliveries')
          .addColumn('id', serial, (col) => col.primaryKey())
          .addColumn('webhook_id', 'bigint', (col) => col.notNull())
          .addColumn('batch_id', 'text', (col) => col.notNull())
          .addColumn('attempt', 'integer', (col) => col.notNull())
          .addColumn('first_position', 'bigint', (col) => col.notNull())
          .addColumn('last_position', 'bigint', (col) => col.notNull())
          .addColumn('events', 'integer', (col) => col.notNull())
          .addColumn('attempted_at', 'bigint', (col) => col.notNull())
          .addColumn('duration_ms', 'integer', (col) => col.notNull())
          .addColumn('status_code', 'integer')
          .addColumn('error', 'text')
          .execute();
        await db.schema.createIndex('analytics_webhook_deliveries_webhook').on('analytics_webhook_deliveries').columns(['webhook_id', 'id']).execute();
        await db.schema.createIndex('analytics_webhook_deliveries_time').on('analytics_webhook_deliveries').columns(['attempted_at']).execute();
      },
    },
    '0033_catalogue_price_filters': {
      async up(db) {
        // The price sorts walk this index and check each product's filters; with the flag and
        // vocal columns in the index, a product that fails them is rejected without reading its row
        // (a sale list by price, skipping 200, read 6,200 rows for 220 matches at 100k products).
        await db.schema.dropIndex('catalogue_products_price').execute();
        await db.schema
          .createIndex('catalogue_products_price')
          .on('catalogue_products')
          .columns(['price_cents', 'id', 'product_type', 'is_supersale', 'is_new', 'is_premium', 'vocal_gender', 'vocal_type', 'is_sold'])
          .execute();
      },
    },
    '0034_upload_slots': {
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
    },
    '0035_demo_seed': {
      async up(db) {
        // How far the first start's demo seed got (server/seed/demoSeedJournal.ts), so a start
        // after an interrupted one finishes it instead of leaving half a shop.
        await db.schema
          .createTable('demo_seed')
          .addColumn('part', 'text', (col) => col.primaryKey())
          .addColumn('state', 'text', (col) => col.notNull())
          .addColumn('updated_at', 'bigint', (col) => col.notNull())
          .execute();
      },
    },
  };
}

/** Kysely's migrator over our migrations; `migrateTo` a named one lets a test build an older schema. */
export function schemaMigrator<DB>(db: Kysely<DB>, kind: DatabaseKind, sqliteFile?: string): Migrator {
  return new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations(kind, sqliteFile) },
  });
}

/**
 * `sqliteFile`: the SQLite database's file, beside which the action logs are kept (migration 0030).
 * `log` hears when migrations begin and end (a new database runs them all).
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, kind: DatabaseKind, sqliteFile?: string, log: Logger = silentLogger): Promise<void> {
  const migrator = schemaMigrator(db, kind, sqliteFile);
  const pending = (await migrator.getMigrations()).filter((migration) => migration.executedAt === undefined).length;
  const started = performance.now();
  if (pending > 0) log.info({ phase: 'migrations', pending }, `Migrating the database: ${pending} migrations…`);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  // Failing before any migration ran (an unreachable database) is that failure, not a migration's.
  if (error && !failed) throw error;
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  // Another server starting beside this one may have run them.
  if (pending > 0) log.info({ phase: 'migrations', ran: results?.length ?? 0 }, `Migrated the database in ${((performance.now() - started) / 1000).toFixed(1)} s: ${results?.length ?? 0} migrations run`);
}
