import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { getSQLiteEventStore } from '@event-driven-io/emmett-sqlite';
import type { Event as EmmettEvent } from '@event-driven-io/emmett';
import { openDatabase } from '../server/db/openDatabase';
import { SqliteDatabase } from '../server/db/sqliteDatabase';
import { createEventStore } from '../server/eventStore/createEventStore';
import type { PlannedAppend } from './workload';

/**
 * Something that appends planned events to a fresh SQLite file. `append` may return
 * synchronously so that the raw baseline pays no promise tick it would not pay in real code.
 */
export interface AppendTarget {
  append(planned: PlannedAppend): Promise<void> | void;
  close(): Promise<void>;
}

export interface AppendTargetKind {
  label: string;
  open(dir: string): Promise<AppendTarget>;
}

/** Our event store exactly as the app opens it: DATABASE_URL -> openDatabase -> createEventStore. */
export const beatcrateStore: AppendTargetKind = {
  label: 'beatcrate SqliteEventStore',
  async open(dir) {
    const database = await openDatabase(`sqlite:${path.join(dir, 'beatcrate.sqlite')}`);
    const eventStore = createEventStore(database, { now: () => new Date() });
    return {
      async append({ streamId, events, expectedVersion }) {
        await eventStore.append(streamId, events, { expectedVersion });
      },
      async close() {
        await eventStore.close();
        await database.close();
      },
    };
  },
};

/**
 * The floor: better-sqlite3 inserting the same rows into the same table, one IMMEDIATE
 * transaction per append, with nothing else (no version check, no lock, no promise).
 * The schema comes from our own migrations, so indexes and constraints are identical, and the
 * pragmas are the ones SqliteDatabase sets (WAL, synchronous=FULL).
 */
export const rawBetterSqlite: AppendTargetKind = {
  label: 'raw better-sqlite3',
  async open(dir) {
    const file = path.join(dir, 'raw.sqlite');
    await (await SqliteDatabase.open(file)).close();
    const db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    const insert = db.prepare<[string, number, string, string, string | null, string]>(
      'INSERT INTO events (stream_id, version, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const insertAll = db.transaction((planned: PlannedAppend) => {
      const recordedAt = new Date().toISOString();
      planned.events.forEach((event, index) => {
        insert.run(
          planned.streamId,
          planned.expectedVersion + index + 1,
          event.type,
          JSON.stringify(event.data),
          event.metadata === undefined ? null : JSON.stringify(event.metadata),
          recordedAt,
        );
      });
    });
    return {
      append: (planned) => insertAll.immediate(planned),
      close: async () => void db.close(),
    };
  },
};

/**
 * emmett-sqlite 0.38.5 through its public getSQLiteEventStore().appendToStream.
 *
 * Durability is the same as ours, checked with PRAGMA on this build: emmett sets
 * journal_mode=WAL on each connection and leaves synchronous at the node-sqlite3 build's
 * default, which is FULL (2) both outside and inside WAL (SQLITE_DEFAULT_WAL_SYNCHRONOUS=2).
 * Differences that are emmett's own design, not the bench's choice: for a file database it
 * opens a new node-sqlite3 connection for every call and closes it afterwards, runs every
 * statement through libuv's thread pool, keeps a separate streams table (INSERT or UPDATE
 * per append), and adds a uuid and stream metadata to each message. It bundles SQLite 3.44.2;
 * better-sqlite3 12 bundles 3.53.2.
 */
export const emmettSqlite: AppendTargetKind & { busyRetries(): number } = (() => {
  let retries = 0;
  return {
    label: 'emmett-sqlite 0.38.5',
    busyRetries: () => retries,
    async open(dir) {
      const eventStore = getSQLiteEventStore({ fileName: path.join(dir, 'emmett.sqlite') });
      // emmett console.logs every failed transaction before rethrowing; the retries below are
      // counted and reported once instead of cluttering the table.
      const log = console.log;
      console.log = () => undefined;
      return {
        async append({ streamId, events, expectedVersion }) {
          for (let attempt = 1; ; attempt++) {
            try {
              await eventStore.appendToStream(streamId, events as unknown as EmmettEvent[], {
                expectedStreamVersion: BigInt(expectedVersion),
              });
              return;
            } catch (error) {
              // node-sqlite3 finalizes the RETURNING statement of emmett's querySingle
              // asynchronously, so the COMMIT now and then races it and fails with SQLITE_BUSY
              // ("SQL statements in progress"); the transaction is rolled back, so a retry is
              // what an emmett user would have to do as well, and its time counts against emmett.
              if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 5) throw error;
              retries++;
            }
          }
        },
        // Nothing stays open: emmett closes its file connection after each call.
        async close() {
          console.log = log;
        },
      };
    },
  };
})();
