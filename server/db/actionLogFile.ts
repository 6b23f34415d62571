import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type Migration, Migrator, sql, SqliteDialect } from 'kysely';

/**
 * On SQLite the action logs live in a database file of their own beside the shop's
 * (`beatcrate.sqlite` → `beatcrate.action-logs.sqlite`), written only by the action-log thread
 * (server/actionLog/actionLogThread.ts): a file has one writer at a time, and checkout must never
 * wait for telemetry's (server/actionLog/README.md "Where the action log
 * lives"). PostgreSQL keeps them in its one
 * database, where writers do not take turns.
 */
export function actionLogFileOf(databaseFile: string): string {
  const { dir, name, ext } = path.parse(databaseFile);
  return path.join(dir, `${name}.action-logs${ext || '.sqlite'}`);
}

/** The tables that move into the log file, in the order they are copied. */
export const ACTION_LOG_TABLES = ['action_log_sessions', 'action_log_entries', 'action_log_address_minutes', 'action_log_usage', 'support_imported_events'] as const;

/**
 * The log file's own schema: the shop's migrations 0009, 0028 and 0029 as they left these tables
 * (those stay the history of PostgreSQL's, and of a SQLite database made before 0030). A change to
 * the tables is a migration here and one of the shop's for PostgreSQL.
 */
const LOG_FILE_MIGRATIONS: Record<string, Migration> = {
  '0001_action_logs': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('action_log_sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'bigint')
        .addColumn('started_at', 'bigint', (col) => col.notNull())
        .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
        .addColumn('entry_count', 'integer', (col) => col.notNull())
        .addColumn('page_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('viewport_width', 'integer')
        .addColumn('failed_requests', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('error_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('imported_at', 'bigint')
        .execute();
      await db.schema.createIndex('action_log_sessions_last_seen').on('action_log_sessions').columns(['last_seen_at']).execute();
      await db.schema.createIndex('action_log_sessions_user').on('action_log_sessions').columns(['user_id', 'last_seen_at']).execute();
      await db.schema.createIndex('action_log_sessions_started').on('action_log_sessions').columns(['started_at']).execute();
      await db.schema
        .createTable('action_log_entries')
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('seq', 'integer', (col) => col.notNull())
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('payload', 'text')
        .addPrimaryKeyConstraint('action_log_entries_pk', ['session_id', 'seq'])
        .execute();
      await db.schema.createIndex('action_log_entries_type').on('action_log_entries').columns(['type', 'session_id']).execute();
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
      await sql`INSERT INTO action_log_usage (id, entries) VALUES (1, 0)`.execute(db);
      await db.schema
        .createTable('support_imported_events')
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('position', 'bigint', (col) => col.notNull())
        .addColumn('view', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('support_imported_events_pk', ['session_id', 'position'])
        .execute();
    },
  },
};

export async function migrateActionLogFile<DB>(db: Kysely<DB>): Promise<void> {
  const { error, results } = await new Migrator({ db: db as unknown as Kysely<unknown>, provider: { getMigrations: async () => LOG_FILE_MIGRATIONS } }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`Action-log file migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
}

/**
 * The shop's migration 0030 on SQLite: the log tables' rows move from the shop's file into the log
 * file, and the shop's copies are dropped. Run again after a crash half-way, it copies again from
 * scratch (the log file's rows can only have come from this move).
 */
export async function moveActionLogsIntoFile(shop: Kysely<unknown>, logFile: string): Promise<void> {
  const connection = new BetterSqlite3(logFile);
  connection.pragma('journal_mode = WAL');
  const log = new Kysely<unknown>({ dialect: new SqliteDialect({ database: connection }) });
  try {
    await migrateActionLogFile(log);
  } finally {
    await log.destroy();
  }
  await sql`ATTACH DATABASE ${logFile} AS action_log_file`.execute(shop);
  try {
    for (const table of ACTION_LOG_TABLES) {
      const columns = (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table}, 'main')`.execute(shop)).rows.map((row) => sql.id(row.name));
      await sql`DELETE FROM ${sql.table(`action_log_file.${table}`)}`.execute(shop);
      await sql`INSERT INTO ${sql.table(`action_log_file.${table}`)} (${sql.join(columns)}) SELECT ${sql.join(columns)} FROM ${sql.table(`main.${table}`)}`.execute(shop);
    }
  } finally {
    await sql`DETACH DATABASE action_log_file`.execute(shop);
  }
  for (const table of ACTION_LOG_TABLES) await sql`DROP TABLE ${sql.table(table)}`.execute(shop);
}
