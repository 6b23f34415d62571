import type { Logger } from '../logging/logger';
import type { Database } from './database';
import { PostgresDatabase } from './postgresDatabase';
import { SqliteDatabase } from './sqliteDatabase';

export const DEFAULT_DATABASE_URL = 'sqlite:./data/beatcrate.sqlite';

/** `postgres://…` or `postgresql://…` opens PostgreSQL; `sqlite:<file>` or a bare path opens SQLite. */
export function parseDatabaseUrl(url: string): { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string } {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (!file || file === ':memory:') throw new Error(`DATABASE_URL must name a SQLite file or a PostgreSQL URL, got "${url}"`);
  return { kind: 'sqlite', file };
}

/**
 * Opens the database and brings its schema up to date. `log` hears when migrations begin and end
 * (without it they run quietly), and about trouble while the database is open (a lost connection,
 * the SQLite checkpoint thread failing), which otherwise goes to the process's logger.
 */
export async function openDatabase(url: string, log?: Logger): Promise<Database> {
  const target = parseDatabaseUrl(url);
  return target.kind === 'postgres' ? PostgresDatabase.open(target.url, log) : SqliteDatabase.open(target.file, log);
}
