import type { DatabaseKind } from '../database';

/** What a migration may depend on: the database it runs on, and on SQLite its file (migration 0030 keeps the action logs beside it). */
export interface MigrationTarget {
  kind: DatabaseKind;
  sqliteFile: string | undefined;
  /** The JSON column type: jsonb on PostgreSQL, text on SQLite. */
  json: 'jsonb' | 'text';
}
