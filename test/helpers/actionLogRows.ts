import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { actionLogFileOf } from '../../server/db/actionLogFile';
import type { Database } from '../../server/db/database';
import type { Tables } from '../../server/db/schema';
import { SqliteDatabase } from '../../server/db/sqliteDatabase';

/**
 * Changes stored action-log rows behind the server's back, as a bug or another build would have
 * left them: on SQLite in the log file (its thread is its only writer in the server), on
 * PostgreSQL in the database.
 */
export async function rewriteActionLogRows(database: Database, work: (db: Kysely<Tables>) => Promise<unknown>): Promise<void> {
  if (!(database instanceof SqliteDatabase)) {
    await database.transaction(work);
    return;
  }
  const connection = new BetterSqlite3(actionLogFileOf(database.file));
  connection.pragma('busy_timeout = 5000');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: connection }) });
  try {
    await work(db);
  } finally {
    await db.destroy();
  }
}
