import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { parseDatabaseUrl } from '../../server/db/openDatabase';

/** A connection that runs no migration by itself, to build a schema as it stood before a migration. */
export function rawConnection(url: string): Kysely<unknown> {
  const target = parseDatabaseUrl(url);
  return new Kysely<unknown>({
    dialect:
      target.kind === 'postgres'
        ? new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 1 }) })
        : new SqliteDialect({ database: new BetterSqlite3(target.file) }),
  });
}
