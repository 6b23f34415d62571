import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type Transaction } from 'kysely';
import { type Logger, logger, silentLogger } from '../logging/logger';
import { AsyncLock } from './asyncLock';
import type { Database } from './database';
import { migrateActionLogFile } from './actionLogFile';
import { migrateToLatest } from './migrator';
import { withPreparedStatements } from './statementCache';
import { startWalCheckpointer } from './walCheckpointer';
import type { Tables } from './schema';

/** How often a server waiting for another's start-up chore (exclusively) looks again. */
const LOCK_RETRY_MS = 200;

function tryExclusive(lock: BetterSqlite3.Database): boolean {
  try {
    lock.exec('BEGIN EXCLUSIVE');
    return true;
  } catch (error) {
    if (error instanceof BetterSqlite3.SqliteError && error.code === 'SQLITE_BUSY') return false;
    throw error;
  }
}

/**
 * SQLite in WAL mode with two connections: one writer, guarded by a lock so that a
 * transaction spanning awaits never interleaves with another write, and one reader, which
 * sees only committed data.
 *
 * synchronous=FULL: WAL's NORMAL survives a killed process but may lose the last commits on
 * power loss or an OS crash; an acknowledged event or payment must survive both, so every
 * commit syncs the WAL.
 */
export class SqliteDatabase implements Database {
  readonly kind = 'sqlite' as const;
  readonly writer: BetterSqlite3.Database;
  readonly reader: BetterSqlite3.Database;
  readonly writeLock = new AsyncLock();
  readonly query: Kysely<Tables>;
  private readonly writerKysely: Kysely<Tables>;
  private readonly checkpointer: { stop(): Promise<void> } | null;

  private constructor(
    readonly file: string,
    options: { checkpointThread: boolean; log?: Logger },
  ) {
    this.writer = new BetterSqlite3(file);
    this.writer.pragma('journal_mode = WAL');
    this.writer.pragma('synchronous = FULL');
    this.writer.pragma('busy_timeout = 5000');
    this.writer.pragma('foreign_keys = ON');
    // Read-only, so a write sent to the reader by mistake fails at once instead of racing the writer.
    this.reader = new BetterSqlite3(file, { readonly: true });
    this.reader.pragma('busy_timeout = 5000');
    this.query = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withPreparedStatements(this.reader) }) });
    this.writerKysely = new Kysely<Tables>({ dialect: new SqliteDialect({ database: this.writer }) });
    this.checkpointer = options.checkpointThread ? startWalCheckpointer(file, this.writer, options.log ?? logger) : null;
  }

  /** The shop's database, its schema brought up to date (`log` hears about migrations, and about the checkpoint thread failing: openDatabase.ts); WAL checkpoints run on a thread of their own. */
  static async open(file: string, log?: Logger): Promise<SqliteDatabase> {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const database = new SqliteDatabase(file, { checkpointThread: true, log: log ?? logger });
    await database.writeLock.run(() => migrateToLatest(database.writerKysely, 'sqlite', file, log ?? silentLogger));
    return database;
  }

  /**
   * The action-log file (server/db/actionLogFile.ts), opened by its one writer, the action-log
   * thread: its own schema, and its checkpoints run by the writer, which is off the buyers' loop.
   */
  static async openActionLogFile(file: string): Promise<SqliteDatabase> {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const database = new SqliteDatabase(file, { checkpointThread: false });
    await database.writeLock.run(() => migrateActionLogFile(database.writerKysely));
    return database;
  }

  transaction<T>(work: (tx: Transaction<Tables>) => Promise<T>): Promise<T> {
    return this.writeLock.run(async () => {
      let cause: { error: unknown } | undefined;
      try {
        return await this.writerKysely.transaction().execute(async (tx) => {
          try {
            return await work(tx);
          } catch (error) {
            cause = { error };
            throw error;
          }
        });
      } catch (error) {
        // After a full disk or an I/O error SQLite has already rolled the transaction back, so
        // Kysely's ROLLBACK fails ("no transaction is active") and would hide why the work failed.
        if (cause && !this.writer.inTransaction) throw cause.error;
        throw error;
      }
    });
  }

  /**
   * Servers of one machine on one file take turns through a lock on a file beside it
   * (`<file>.<name>.lock`): SQLite holds it, so a process that dies lets go of it. The waiting
   * server looks again every so often rather than blocking its event loop in SQLite's busy wait.
   */
  async exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
    const lock = new BetterSqlite3(`${this.file}.${name}.lock`, { timeout: 0 });
    try {
      while (!tryExclusive(lock)) await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      try {
        return await work();
      } finally {
        lock.exec('COMMIT');
      }
    } finally {
      lock.close();
    }
  }

  async ping(): Promise<void> {
    this.reader.prepare('SELECT 1').get();
  }

  /** SQLite's data_version: the reader never writes, so every commit (the writer's, another process's) changes it. */
  changeMark(): number {
    return this.reader.pragma('data_version', { simple: true }) as number;
  }

  async close(): Promise<void> {
    await this.checkpointer?.stop();
    await this.writeLock.run(async () => {
      await this.query.destroy();
      await this.writerKysely.destroy();
    });
  }
}

/** Reads of a SQLite file another connection writes: one read-only connection, which sees only committed data. */
export function openSqliteReader(file: string): { query: Kysely<Tables>; close(): Promise<void> } {
  const connection = new BetterSqlite3(file, { readonly: true });
  connection.pragma('busy_timeout = 5000');
  const query = new Kysely<Tables>({ dialect: new SqliteDialect({ database: connection }) });
  return { query, close: () => query.destroy() };
}
