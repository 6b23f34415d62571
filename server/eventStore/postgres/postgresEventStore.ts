import type pg from 'pg';
import type { PostgresDatabase } from '../../db/postgresDatabase';
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
  data: unknown;
  metadata: Record<string, unknown> | null;
  recorded_at: string;
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  position: row.position,
  streamId: row.stream_id,
  version: row.version,
  type: row.type,
  data: row.data,
  ...(row.metadata === null ? {} : { metadata: row.metadata }),
  recordedAt: row.recorded_at,
});

const NOTIFY_CHANNEL = 'beatcrate_events';
// Appends take this transaction-scoped lock so that positions are committed in order: a
// reader that has seen position N never later finds a smaller one appear behind it.
const APPEND_LOCK_KEY = 7_202_203;
const RELISTEN_MS = 1000;

export class PostgresEventStore implements EventStore {
  private get log(): Logger {
    return this.options.log ?? logger;
  }

  private readonly wakers = new Set<() => void>();
  private listener: { client: pg.PoolClient; release: (destroy?: Error | boolean) => void } | null = null;
  private listening = false;
  private relisten: NodeJS.Timeout | null = null;
  private closed = false;
  /** The connection being set up, awaited by close(). */
  private attempt: Promise<void> | null = null;

  constructor(
    private readonly database: PostgresDatabase,
    private readonly options: { now: () => Date; pollMs?: number; log?: Logger },
  ) {}

  async append(
    streamId: string,
    events: readonly NewEvent[],
    { expectedVersion }: { expectedVersion: ExpectedVersion },
  ): Promise<AppendResult> {
    assertAppendable(streamId, events);
    const client = await this.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
      const { rows } = await client.query<{ version: number | null }>(
        'SELECT MAX(version) AS version FROM events WHERE stream_id = $1',
        [streamId],
      );
      const current = rows[0]?.version ?? 0;
      if (expectedVersion !== 'any' && expectedVersion !== current) {
        throw new ConcurrencyError(streamId, expectedVersion, current);
      }
      const recordedAt = this.options.now().toISOString();
      const values: unknown[] = [];
      const tuples = events.map((event, index) => {
        const base = index * 6;
        values.push(
          streamId,
          current + index + 1,
          event.type,
          JSON.stringify(event.data ?? null),
          event.metadata === undefined ? null : JSON.stringify(event.metadata),
          recordedAt,
        );
        return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}::jsonb, $${base + 5}::jsonb, $${base + 6})`;
      });
      const inserted = await client.query<{ position: number }>(
        `INSERT INTO events (stream_id, version, type, data, metadata, recorded_at) VALUES ${tuples.join(', ')} RETURNING position`,
        values,
      );
      const lastPosition = inserted.rows[inserted.rows.length - 1]!.position;
      await client.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, String(lastPosition)]);
      await client.query('COMMIT');
      this.wakeAll();
      return { nextExpectedVersion: current + events.length, lastPosition };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if ((error as { code?: string }).code === '23505') throw new ConcurrencyError(streamId, expectedVersion, null);
      throw error;
    } finally {
      client.release();
    }
  }

  async readStream(streamId: string, options: { fromVersion?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.database.pool.query<EventRow>(
      'SELECT * FROM events WHERE stream_id = $1 AND version >= $2 ORDER BY version',
      [streamId, options.fromVersion ?? 1],
    );
    return rows.map(toRecorded);
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    const { rows } = await this.database.pool.query<EventRow>(
      'SELECT * FROM events WHERE stream_id = $1 ORDER BY version DESC LIMIT 1',
      [streamId],
    );
    return rows[0] ? toRecorded(rows[0]) : null;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0;
    const limit = clampLimit(options.limit);
    if (options.types?.length === 0) return [];
    const { rows } = options.types
      ? await this.database.pool.query<EventRow>(
          'SELECT * FROM events WHERE position > $1 AND type = ANY($2) ORDER BY position LIMIT $3',
          [after, options.types, limit],
        )
      : await this.database.pool.query<EventRow>('SELECT * FROM events WHERE position > $1 ORDER BY position LIMIT $2', [
          after,
          limit,
        ]);
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<number> {
    const { rows } = await this.database.pool.query<{ position: number | null }>('SELECT MAX(position) AS position FROM events');
    return rows[0]?.position ?? 0;
  }

  /**
   * Appends from other servers arrive by LISTEN/NOTIFY; one connection serves every subscriber.
   * A lost connection (a restart, a failover) is replaced a second later, for as long as it takes:
   * subscribers poll meanwhile, and are woken once listening again to read what they missed.
   */
  private listen(): void {
    if (this.listening || this.closed) return;
    this.listening = true;
    const retry = () => {
      this.listening = false;
      if (this.closed) return;
      this.relisten = setTimeout(() => this.listen(), RELISTEN_MS);
      this.relisten.unref();
    };
    this.attempt = (async () => {
      let client: pg.PoolClient;
      try {
        client = await this.database.pool.connect();
      } catch {
        retry();
        return;
      }
      let released = false;
      const release = (destroy?: Error | boolean) => {
        if (released) return;
        released = true;
        client.release(destroy);
      };
      // A checked-out client has no pool error handler: without this a dropped connection would crash the process.
      client.on('error', (error) => {
        this.log.warn({ reason: error.message }, 'LISTEN connection lost, listening again in 1 s');
        release(error);
        if (this.listener?.client === client) this.listener = null;
        retry();
      });
      client.on('notification', () => this.wakeAll());
      try {
        await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      } catch {
        release(true);
        retry();
        return;
      }
      if (this.closed) {
        release(true);
        return;
      }
      this.listener = { client, release };
      this.wakeAll();
    })();
  }

  private wakeAll(): void {
    for (const wake of this.wakers) wake();
  }

  subscribe(options: SubscribeOptions, handler: EventHandler): Subscription {
    this.listen();
    return startSubscription({
      readAll: (read) => this.readAll(read),
      headPosition: () => this.headPosition(),
      subscribe: options,
      handler,
      onWake: (wake) => {
        this.wakers.add(wake);
        return () => this.wakers.delete(wake);
      },
      pollMs: this.options.pollMs ?? 5000,
      log: this.log,
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakers.clear();
    if (this.relisten) clearTimeout(this.relisten);
    await this.attempt;
    if (this.listener) {
      await this.listener.client.query(`UNLISTEN ${NOTIFY_CHANNEL}`).catch(() => undefined);
      // Closed, not pooled: a LISTEN connection is not one to hand to the next query.
      this.listener.release(true);
      this.listener = null;
    }
  }
}
