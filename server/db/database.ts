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
  close(): Promise<void>;
}
