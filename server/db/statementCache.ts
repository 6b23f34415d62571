import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** The distinct queries a reader keeps prepared; the shop's reads are a few hundred shapes, their values bound as parameters. */
const PREPARED_STATEMENTS = 500;

/**
 * A connection for kysely's SQLite dialect that prepares each SQL text once. Kysely prepares on
 * every execution, and SQLite's parse and plan of a catalogue page cost as much as running it.
 * better-sqlite3 is synchronous, so a statement runs to its end before the next use; one still
 * being iterated (a stream) is busy, and gets a fresh statement instead.
 */
export function withPreparedStatements(connection: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => connection.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Least recently used first: a statement used again moves to the end.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = connection.prepare(sql);
      if (!kept && statements.size >= PREPARED_STATEMENTS) statements.delete(statements.keys().next().value!);
      if (!kept) statements.set(sql, statement);
      return statement;
    },
  };
}
