import type { Database } from '../db/database';
import { PostgresDatabase } from '../db/postgresDatabase';
import { SqliteDatabase } from '../db/sqliteDatabase';
import type { EventStore } from './eventStore';
import { PostgresEventStore } from './postgres/postgresEventStore';
import { SqliteEventStore } from './sqlite/sqliteEventStore';

export function createEventStore(database: Database, options: { now: () => Date; pollMs?: number }): EventStore {
  if (database instanceof SqliteDatabase) return new SqliteEventStore(database, options);
  if (database instanceof PostgresDatabase) return new PostgresEventStore(database, options);
  throw new Error(`No event store for a ${database.kind} database`);
}
