import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../server/db/openDatabase';
import { createEventStore } from '../server/eventStore/createEventStore';
import type { EventStore } from '../server/eventStore/eventStore';
import { compared, type Metric } from './metric';
import { median, timeMs } from './stats';
import { withTempDir } from './tempDir';
import { planAppends } from './workload';

const EVENTS = 50_000;
const PAGE = 1_000;
const PASSES = 5;

/** Reads the whole log the way a projection catching up does: pages of PAGE after the last position. */
async function readEverything(eventStore: EventStore): Promise<number> {
  let after = 0;
  let read = 0;
  for (;;) {
    const page = await eventStore.readAll({ after, limit: PAGE });
    if (page.length === 0) return read;
    read += page.length;
    after = page[page.length - 1]!.position;
  }
}

interface RawRow {
  position: number;
  stream_id: string;
  version: number;
  type: string;
  data: string;
  metadata: string | null;
  recorded_at: string;
}

/**
 * The floor for the same pages: the same SELECT on a plain read connection, plus the JSON
 * parsing any reader of the log has to do, without building event objects.
 */
function rawReadEverything(statement: BetterSqlite3.Statement<[number, number], RawRow>): number {
  let after = 0;
  let read = 0;
  for (;;) {
    const rows = statement.all(after, PAGE);
    if (rows.length === 0) return read;
    for (const row of rows) {
      JSON.parse(row.data);
      if (row.metadata !== null) JSON.parse(row.metadata);
    }
    read += rows.length;
    after = rows[rows.length - 1]!.position;
  }
}

/** Row 4: readAll throughput over EVENTS events, against raw better-sqlite3 reading the same file. */
export async function readAllBench(progress: (line: string) => void): Promise<Metric[]> {
  progress(`readAll: ${EVENTS} events in pages of ${PAGE}, ${PASSES} passes`);
  return withTempDir('readall', async (dir) => {
    const file = path.join(dir, 'readall.sqlite');
    const database = await openDatabase(`sqlite:${file}`);
    const eventStore = createEventStore(database, { now: () => new Date() });
    const raw = new BetterSqlite3(file, { readonly: true });
    try {
      const fill = planAppends({ prefix: 'read', streams: 100, totalEvents: EVENTS, eventsPerAppend: 100 });
      for (const planned of fill) {
        await eventStore.append(planned.streamId, planned.events, { expectedVersion: planned.expectedVersion });
      }
      const statement = raw.prepare<[number, number], RawRow>(
        'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
      );
      // One untimed pass each warms the JIT and the page cache.
      await readEverything(eventStore);
      rawReadEverything(statement);
      const samples = { ours: [] as number[], raw: [] as number[] };
      const readers = {
        ours: async () => {
          await readEverything(eventStore);
        },
        raw: () => {
          rawReadEverything(statement);
        },
      };
      for (let pass = 0; pass < PASSES; pass++) {
        // Alternating who goes first keeps a background stall from always hitting the same reader.
        for (const who of pass % 2 === 0 ? (['ours', 'raw'] as const) : (['raw', 'ours'] as const)) {
          samples[who].push((EVENTS / (await timeMs(readers[who]))) * 1000);
        }
      }
      const name = `readAll ${EVENTS / 1000}k events, pages of ${PAGE}: ours / raw SELECT + JSON.parse`;
      return [compared(name, median(samples.ours), 'events/s', median(samples.raw), null)];
    } finally {
      raw.close();
      await eventStore.close();
      await database.close();
    }
  });
}
