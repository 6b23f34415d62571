import type { Kysely, Transaction } from 'kysely';
import type { Tables } from './schema';

export type DatabaseKind = 'sqlite' | 'postgres';

/**
 * The server's database. `query` reads committed data; every write goes through
 * `transaction`, which the SQLite adapter serialises on its single writer connection.
 */
export interface Database {
  readonly kind: DatabaseKind;
  readonly query: Kysely<Tables>;
  transaction<T>(work: (tx: Transaction<Tables>) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while no other server on this database runs work under the same name, for
   * start-up chores two servers starting together must not both do (seeding an empty database).
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * A number that differs from the last one read whenever anything was committed in between, by
   * this server or any other process; `null` where the database cannot tell that cheaply
   * (PostgreSQL). Read before a query, it says whether an answer computed then is still current.
   */
  changeMark(): number | null;
  close(): Promise<void>;
}
