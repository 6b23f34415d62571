import type { Database } from '../db/database';
import { PostgresDatabase } from '../db/postgresDatabase';
import { SqliteDatabase } from '../db/sqliteDatabase';
import type { EventStore } from './eventStore';
import type { Logger } from '../logging/logger';
import { PostgresEventStore } from './postgres/postgresEventStore';
import { SqliteEventStore } from './sqlite/sqliteEventStore';

/** `log` hears when a subscription cannot read the store, and when PostgreSQL's LISTEN connection is lost (the process's logger unless given). */
export function createEventStore(database: Database, options: { now: () => Date; pollMs?: number; log?: Logger }): EventStore {
  if (database instanceof SqliteDatabase) return new SqliteEventStore(database, options);
  if (database instanceof PostgresDatabase) return new PostgresEventStore(database, options);
  throw new Error(`No event store for a ${database.kind} database`);
}
