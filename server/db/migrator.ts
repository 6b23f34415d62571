import { type Kysely, Migrator } from 'kysely';
import { type Logger, silentLogger } from '../logging/logger';
import type { DatabaseKind } from './database';
import { migrations } from './migrations/index';

/** Kysely's migrator over our migrations; `migrateTo` a named one lets a test build an older schema. */
export function schemaMigrator<DB>(db: Kysely<DB>, kind: DatabaseKind, sqliteFile?: string): Migrator {
  return new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations({ kind, sqliteFile, json: kind === 'postgres' ? 'jsonb' : 'text' }) },
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
