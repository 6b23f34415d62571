import { sql } from 'kysely';
import type { Database } from '../db/database';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import { eventually } from '../../test/helpers/eventually';
import { capturedLog } from '../../test/helpers/logLines';
import { createEventStore } from './createEventStore';
import { ConcurrencyError, type EventStore, type RecordedEvent } from './eventStore';

const now = () => new Date('2026-11-21T12:00:00.000Z');

describe(`event store on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`, () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let store: EventStore;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    database = await testDatabase.open();
    store = createEventStore(database, { now, pollMs: 50 });
  });

  afterEach(async () => {
    await store.close();
    await database.close();
    await testDatabase.drop();
  });

  test('appends to a new stream and reads it back in order', async () => {
    const result = await store.append(
      'cart-1',
      [
        { type: 'ItemAddedToCart', data: { productId: 1, name: 'Ночь — “Night” 🌙' } },
        { type: 'ItemAddedToCart', data: { productId: 2, nested: { list: [1, null, 'x'] } }, metadata: { by: 'test' } },
      ],
      { expectedVersion: 0 },
    );
    expect(result.nextExpectedVersion).toBe(2);
    const events = await store.readStream('cart-1');
    expect(events.map(({ version, type, data }) => ({ version, type, data }))).toEqual([
      { version: 1, type: 'ItemAddedToCart', data: { productId: 1, name: 'Ночь — “Night” 🌙' } },
      { version: 2, type: 'ItemAddedToCart', data: { productId: 2, nested: { list: [1, null, 'x'] } } },
    ]);
    expect(events[1]!.metadata).toEqual({ by: 'test' });
    expect(events[0]!.metadata).toBeUndefined();
    expect(events[0]!.recordedAt).toBe('2026-11-21T12:00:00.000Z');
    expect(result.lastPosition).toBe(events[1]!.position);
    expect(await store.readStream('cart-1', { fromVersion: 2 })).toHaveLength(1);
    expect((await store.readLastEvent('cart-1'))?.version).toBe(2);
    expect(await store.readLastEvent('cart-404')).toBeNull();
    expect(await store.readStream('cart-404')).toEqual([]);
  });

  test('a stale expected version is refused with a typed conflict and changes nothing', async () => {
    await store.append('order-1', [{ type: 'OrderPlaced', data: {} }], { expectedVersion: 0 });
    await expect(store.append('order-1', [{ type: 'OrderPaid', data: {} }], { expectedVersion: 0 })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    await expect(store.append('order-1', [{ type: 'OrderPaid', data: {} }], { expectedVersion: 5 })).rejects.toMatchObject({
      name: 'ConcurrencyError',
      streamId: 'order-1',
      actualVersion: 1,
    });
    expect(await store.readStream('order-1')).toHaveLength(1);
  });

  test('of two appends at the same expected version exactly one wins', async () => {
    await store.append('product-7', [{ type: 'ProductListed', data: {} }], { expectedVersion: 0 });
    for (let round = 0; round < 10; round++) {
      const version = 1 + round;
      const results = await Promise.allSettled([
        store.append('product-7', [{ type: 'ProductSold', data: { to: 'a' } }], { expectedVersion: version }),
        store.append('product-7', [{ type: 'ProductSold', data: { to: 'b' } }], { expectedVersion: version }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(rejected).toHaveLength(1);
      expect(rejected[0]!.reason).toBeInstanceOf(ConcurrencyError);
    }
    const versions = (await store.readStream('product-7')).map((event) => event.version);
    expect(versions).toEqual(Array.from({ length: 11 }, (_, index) => index + 1));
  });

  test('the database itself refuses a second event at the same (stream_id, version)', async () => {
    await store.append('race', [{ type: 'Started', data: {} }], { expectedVersion: 0 });
    // What a writer in another process would do after reading the version before our commit.
    const sneakIn = database.transaction((tx) =>
      tx
        .insertInto('events')
        .values({ stream_id: 'race', version: 1, type: 'Sneaky', data: '{}', metadata: null, recorded_at: now().toISOString() })
        .execute(),
    );
    // Matched by message: under jest, better-sqlite3's error class may come from another test file's realm.
    await expect(sneakIn).rejects.toHaveProperty('message', expect.stringMatching(/unique|duplicate/i));
    expect((await store.readStream('race')).map((event) => event.type)).toEqual(['Started']);
  });

  test("'any' appends whatever the stream's version", async () => {
    await store.append('log', [{ type: 'A', data: 1 }], { expectedVersion: 'any' });
    await store.append('log', [{ type: 'B', data: 2 }], { expectedVersion: 'any' });
    expect((await store.readStream('log')).map((event) => event.data)).toEqual([1, 2]);
  });

  test('refuses an empty append or stream id', async () => {
    await expect(store.append('s', [], { expectedVersion: 0 })).rejects.toThrow('at least one event');
    await expect(store.append('', [{ type: 'A', data: {} }], { expectedVersion: 0 })).rejects.toThrow('streamId');
  });

  test('readAll pages through every stream by global position, optionally by type', async () => {
    for (let i = 0; i < 5; i++) {
      await store.append(`s-${i}`, [{ type: i % 2 ? 'Odd' : 'Even', data: { i } }], { expectedVersion: 0 });
    }
    const all = await store.readAll();
    expect(all.map((event) => event.data)).toEqual([0, 1, 2, 3, 4].map((i) => ({ i })));
    const positions = all.map((event) => event.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(new Set(positions).size).toBe(5);
    expect(await store.headPosition()).toBe(positions[4]);

    const page = await store.readAll({ after: positions[1], limit: 2 });
    expect(page.map((event) => event.position)).toEqual(positions.slice(2, 4));
    expect((await store.readAll({ types: ['Odd'] })).map((event) => event.data)).toEqual([{ i: 1 }, { i: 3 }]);
    expect(await store.readAll({ types: [] })).toEqual([]);
  });

  test('subscribe catches up, then follows new appends until closed', async () => {
    await store.append('a', [{ type: 'Old', data: 1 }], { expectedVersion: 0 });
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe({ after: 0, types: ['Old', 'New'] }, (events) => {
      seen.push(...events);
    });
    await subscription.caughtUp;
    expect(seen.map((event) => event.type)).toEqual(['Old']);

    await store.append('b', [{ type: 'Other', data: 0 }], { expectedVersion: 0 });
    await store.append('b', [{ type: 'New', data: 2 }], { expectedVersion: 1 });
    await eventually(() => seen.length === 2, Boolean, 'the events handed over');
    expect(seen.map((event) => event.data)).toEqual([1, 2]);

    // Closing waits for the subscription's loop to end: nothing is handed over after it.
    await subscription.close();
    await store.append('c', [{ type: 'New', data: 3 }], { expectedVersion: 0 });
    expect(seen).toHaveLength(2);
  });
});

describe('event store on PostgreSQL, losing its LISTEN connection', () => {
  test('the process survives and subscribers keep receiving events', async () => {
    if (!process.env.TEST_DATABASE_URL) return; // SQLite has no LISTEN connection.
    const testDatabase = await createTestDatabase();
    const database = await testDatabase.open();
    // The store tells the operator that it lost the connection; here that is the point, so its log stays here.
    const storeLog = capturedLog();
    const store = createEventStore(database, { now, pollMs: 50, log: storeLog.log });
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe({ after: 0 }, (events) => {
      seen.push(...events);
    });
    try {
      await subscription.caughtUp;
      const listeners = () =>
        sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`.execute(database.query);
      const { rows } = await eventually(() => listeners(), ({ rows: found }) => found.length > 0, 'the LISTEN connection');
      for (const { pid } of rows) await sql`SELECT pg_terminate_backend(${pid})`.execute(database.query);
      await store.append('after-loss', [{ type: 'Arrived', data: 1 }], { expectedVersion: 0 });
      await eventually(() => seen.some((event) => event.type === 'Arrived'), Boolean, 'the events handed over');
    } finally {
      await subscription.close();
      await store.close();
      await database.close();
      await testDatabase.drop();
    }
  });
});
