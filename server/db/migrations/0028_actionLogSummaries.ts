import type { Kysely, Migration } from 'kysely';
import { backfillActionLogSummaries } from '../actionLogMigration';
import type { MigrationTarget } from './migrationTarget';

export const migration0028 = ({ kind }: MigrationTarget): Migration => ({
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
});
