import type { Kysely, Migration } from 'kysely';
import { actionLogFileOf, moveActionLogsIntoFile } from '../actionLogFile';
import type { MigrationTarget } from './migrationTarget';

export const migration0030 = ({ kind, sqliteFile }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    // SQLite has one writer per file: the action logs move into a file of their own, so that
    // checkout never waits for telemetry's writes (server/db/actionLogFile.ts).
    if (kind === 'postgres') return;
    if (sqliteFile === undefined) throw new Error('Migration 0030 moves the action logs beside the SQLite file, and needs its name');
    await moveActionLogsIntoFile(db, actionLogFileOf(sqliteFile));
  },
});
