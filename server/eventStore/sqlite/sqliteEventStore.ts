import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from '../../db/sqliteDatabase';
import {
  type AppendResult,
  assertAppendable,
  clampLimit,
  ConcurrencyError,
  type EventHandler,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../eventStore';
import { type Logger, logger } from '../../logging/logger';
import { startSubscription } from '../subscriptionLoop';

interface EventRow {
  position: number;
  stream_id: string;
  version: number;
  type: string;
  data: string;
  metadata: string | null;
  recorded_at: string;
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  position: row.position,
  streamId: row.stream_id,
  version: row.version,
  type: row.type,
  data: JSON.parse(row.data) as unknown,
  ...(row.metadata === null ? {} : { metadata: JSON.parse(row.metadata) as Record<string, unknown> }),
  recordedAt: row.recorded_at,
});

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' ||
  (error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY';

/**
 * Event store on better-sqlite3. An append is one synchronous IMMEDIATE transaction on the
 * writer connection, with statements prepared once; readers use the second connection.
 */
export class SqliteEventStore implements EventStore {
  private get log(): Logger {
    return this.options.log ?? logger;
  }

  private readonly wakers = new Set<() => void>();
  private readonly currentVersion: BetterSqlite3.Statement<[string], { version: number | null }>;
  private readonly insert: BetterSqlite3.Statement<[string, number, string, string, string | null, string]>;
  private readonly appendTransaction: (
    streamId: string,
    events: readonly NewEvent[],
    expectedVersion: ExpectedVersion,
  ) => AppendResult;
  private readonly readStreamStatement: BetterSqlite3.Statement<[string, number], EventRow>;
  private readonly lastEventStatement: BetterSqlite3.Statement<[string], EventRow>;
  private readonly readAllStatement: BetterSqlite3.Statement<[number, number], EventRow>;
  private readonly headStatement: BetterSqlite3.Statement<[], { position: number | null }>;

  constructor(
    private readonly database: SqliteDatabase,
    private readonly options: { now: () => Date; pollMs?: number; log?: Logger },
  ) {
    const { writer, reader } = database;
    this.currentVersion = writer.prepare('SELECT MAX(version) AS version FROM events WHERE stream_id = ?');
    this.insert = writer.prepare(
      'INSERT INTO events (stream_id, version, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const transaction = writer.transaction(
      (streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): AppendResult => {
        const current = this.currentVersion.get(streamId)?.version ?? 0;
        if (expectedVersion !== 'any' && expectedVersion !== current) {
          throw new ConcurrencyError(streamId, expectedVersion, current);
        }
        const recordedAt = this.options.now().toISOString();
        let lastPosition = 0;
        events.forEach((event, index) => {
          const result = this.insert.run(
            streamId,
            current + index + 1,
            event.type,
            JSON.stringify(event.data ?? null),
            event.metadata === undefined ? null : JSON.stringify(event.metadata),
            recordedAt,
          );
          lastPosition = Number(result.lastInsertRowid);
        });
        return { nextExpectedVersion: current + events.length, lastPosition };
      },
    );
    this.appendTransaction = (streamId, events, expectedVersion) =>
      transaction.immediate(streamId, events, expectedVersion);
    this.readStreamStatement = reader.prepare(
      'SELECT * FROM events WHERE stream_id = ? AND version >= ? ORDER BY version',
    );
    this.lastEventStatement = reader.prepare('SELECT * FROM events WHERE stream_id = ? ORDER BY version DESC LIMIT 1');
    this.readAllStatement = reader.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?');
    this.headStatement = reader.prepare('SELECT MAX(position) AS position FROM events');
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    { expectedVersion }: { expectedVersion: ExpectedVersion },
  ): Promise<AppendResult> {
    assertAppendable(streamId, events);
    const result = await this.database.writeLock.run(() => {
      try {
        return this.appendTransaction(streamId, events, expectedVersion);
      } catch (error) {
        // Another connection (another process) won the race for this version.
        if (isUniqueViolation(error)) throw new ConcurrencyError(streamId, expectedVersion, null);
        throw error;
      }
    });
    for (const wake of this.wakers) wake();
    return result;
  }

  async readStream(streamId: string, options: { fromVersion?: number } = {}): Promise<RecordedEvent[]> {
    return this.readStreamStatement.all(streamId, options.fromVersion ?? 1).map(toRecorded);
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    const row = this.lastEventStatement.get(streamId);
    return row ? toRecorded(row) : null;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0;
    const limit = clampLimit(options.limit);
    if (!options.types) return this.readAllStatement.all(after, limit).map(toRecorded);
    if (options.types.length === 0) return [];
    const placeholders = options.types.map(() => '?').join(', ');
    const rows = this.database.reader
      .prepare<unknown[], EventRow>(
        `SELECT * FROM events WHERE position > ? AND type IN (${placeholders}) ORDER BY position LIMIT ?`,
      )
      .all(after, ...options.types, limit);
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<number> {
    return this.headStatement.get()?.position ?? 0;
  }

  subscribe(options: SubscribeOptions, handler: EventHandler): Subscription {
    return startSubscription({
      readAll: (read) => this.readAll(read),
      headPosition: () => this.headPosition(),
      subscribe: options,
      handler,
      onWake: (wake) => {
        this.wakers.add(wake);
        return () => this.wakers.delete(wake);
      },
      pollMs: this.options.pollMs ?? 1000,
      log: this.log,
    });
  }

  async close(): Promise<void> {
    this.wakers.clear();
  }
}
