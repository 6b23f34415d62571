import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { type Logger, logger, silentLogger } from '../logging/logger';
import type { Database } from './database';
import { migrateToLatest } from './migrator';
import type { Tables } from './schema';

// bigint (positions, counts) arrives as a string by default; positions stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  readonly query: Kysely<Tables>;

  private constructor(readonly pool: pg.Pool) {
    this.query = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  }

  /** Opens the pool and brings the schema up to date, telling `log` about migrations it runs and connections lost (openDatabase.ts). */
  static async open(connectionString: string, log?: Logger): Promise<PostgresDatabase> {
    const pool = new pg.Pool({ connectionString, max: 10 });
    // An idle connection that the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (error) => (log ?? logger).warn({ reason: error.message }, 'PostgreSQL connection lost'));
    // The pool listens for errors only on idle connections. One that dies while checked out (held
    // by a transaction between two queries when the server stops) would emit an error nobody
    // hears, which ends the process; its holder learns of it from its next query, and the pool
    // drops it when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const database = new PostgresDatabase(pool);
    await migrateToLatest(database.query, 'postgres', undefined, log ?? silentLogger);
    return database;
  }

  transaction<T>(work: (tx: Transaction<Tables>) => Promise<T>): Promise<T> {
    return this.query.transaction().execute(work);
  }

  async exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
    // A session-level advisory lock on a connection of its own, held while `work` uses others.
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    } finally {
      client.release();
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /** Other servers commit too, and asking would cost a round trip: no mark, so nothing is kept. */
  changeMark(): null {
    return null;
  }

  async close(): Promise<void> {
    await this.query.destroy();
  }
}
