import type { Kysely, Transaction } from 'kysely';
import type { ActionLogEntry } from '../../shared/actionLog/entry';
import type { ActionLogConfig } from '../config';
import type { Database } from '../db/database';
import { SqliteDatabase } from '../db/sqliteDatabase';
import type { Tables } from '../db/schema';
import { HttpError } from '../http/endpoint';
import { dropLeastRecent } from './dropSessions';
import { SqliteActionLogWriter, StoreFull } from './sqliteActionLogWriter';
import type { DecodedEntry } from './batchDecoding';
import { bringsCheckpoint, COUNTED_TYPES, requireCheckpointAllowance } from './checkpointDensity';
import { firstPageLoad, summarize, SUMMARY_TYPES } from './sessionSummary';

export interface ActionLogBatchToStore {
  sessionId: string;
  /** Redacted, each payload serialized (batchDecoding.ts). */
  entries: readonly DecodedEntry[];
  /** The account logged in while the batch was sent: the log is linked to it. */
  userId: number | null;
  addressKey: string;
  now: Date;
}

export type ActionLogCaps = Pick<ActionLogConfig, 'maxEntriesPerSession' | 'maxEntries' | 'entriesPerAddressPerMinute'>;

export interface StoredBatch {
  stored: number;
  lastSeq: number;
}

/** Rounds of eviction one batch may take when the store is full. */
const EVICTION_ROUNDS = 5;

const sqliteWriters = new WeakMap<SqliteDatabase, SqliteActionLogWriter>();

/**
 * Stores a batch: entries the log already holds (a retried batch, a beacon overtaking a fetch)
 * are skipped, so a batch can arrive any number of times. Only new entries count against the
 * caps and towards the log's summary; a batch that breaks a cap is refused whole and changes
 * nothing. Answered once the batch is committed.
 *
 * SQLite has one writer, which checkout needs too: there batches arriving together are
 * group-committed by prepared statements (sqliteActionLogWriter.ts), and only a batch that finds
 * the store full comes here to evict. PostgreSQL writes concurrently and commits in groups by
 * itself: there each batch is its own transaction.
 */
export async function recordActionLogBatch(database: Database, caps: ActionLogCaps, batch: ActionLogBatchToStore): Promise<StoredBatch> {
  if (database instanceof SqliteDatabase) {
    let writer = sqliteWriters.get(database);
    if (!writer) {
      writer = new SqliteActionLogWriter(database);
      sqliteWriters.set(database, writer);
    }
    try {
      return await writer.record(caps, batch);
    } catch (error) {
      if (!(error instanceof StoreFull)) throw error;
    }
  }
  return database.transaction((tx) => storeBatch(tx, caps, batch));
}

/** One batch inside a write transaction of its own: PostgreSQL's, and SQLite's when the store is full. */
async function storeBatch(tx: Transaction<Tables>, caps: ActionLogCaps, batch: ActionLogBatchToStore): Promise<StoredBatch> {
  const at = batch.now.getTime();
  // The upsert also locks the log's row on PostgreSQL, so two deliveries of one batch take turns.
  const session = await tx
    .insertInto('action_log_sessions')
    .values({ id: batch.sessionId, user_id: batch.userId, started_at: at, last_seen_at: at, entry_count: 0 })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        last_seen_at: eb.ref('excluded.last_seen_at'),
        user_id: eb.fn.coalesce(eb.ref('excluded.user_id'), eb.ref('action_log_sessions.user_id')),
      })),
    )
    .returning('entry_count')
    .executeTakeFirstOrThrow();
  const fresh = await freshEntries(tx, batch.sessionId, batch.entries);
  if (fresh.length > 0) {
    if (session.entry_count + fresh.length > caps.maxEntriesPerSession) {
      throw new HttpError(413, `This action log holds its limit of ${caps.maxEntriesPerSession} entries and takes no more`);
    }
    await countForAddress(tx, batch.addressKey, Math.floor(at / 60_000), fresh.length, caps.entriesPerAddressPerMinute);
    await reserveRoom(tx, batch.sessionId, fresh.length, caps.maxEntries);
    const viewport = await viewportUpdate(tx, batch.sessionId, fresh);
    await tx
      .insertInto('action_log_entries')
      .values(
        fresh.map((entry) => ({ session_id: batch.sessionId, seq: entry.seq, at: entry.at, type: entry.type, payload: entry.payload })),
      )
      .execute();
    if (bringsCheckpoint(fresh)) {
      const count = async (type: string) =>
        Number((await tx.selectFrom('action_log_entries').select((eb) => eb.fn.countAll().as('n')).where('type', '=', type).where('session_id', '=', batch.sessionId).executeTakeFirstOrThrow()).n);
      requireCheckpointAllowance({ entries: session.entry_count + fresh.length, checkpoints: await count(COUNTED_TYPES.checkpoint), pageLoads: await count(COUNTED_TYPES.pageLoad) });
    }
    // Counted from the fresh entries only, so a batch delivered twice counts once.
    const summary = summarize(fresh);
    await tx
      .updateTable('action_log_sessions')
      .set((eb) => ({
        entry_count: eb('entry_count', '+', fresh.length),
        page_count: eb('page_count', '+', summary.pageCount),
        failed_requests: eb('failed_requests', '+', summary.failedRequests),
        error_count: eb('error_count', '+', summary.errorCount),
        ...viewport,
      }))
      .where('id', '=', batch.sessionId)
      .execute();
  }
  const last = await tx
    .selectFrom('action_log_entries')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('session_id', '=', batch.sessionId)
    .executeTakeFirst();
  return { stored: fresh.length, lastSeq: Number(last?.seq ?? 0) };
}

/**
 * The log's `viewport_width` is its first page load's: set by a fresh page load unless the log
 * already holds an earlier one (a beacon can overtake the batch holding the first).
 */
async function viewportUpdate(tx: Transaction<Tables>, sessionId: string, fresh: readonly DecodedEntry[]): Promise<{ viewport_width?: number | null }> {
  const first = firstPageLoad(fresh);
  if (!first) return {};
  const earlier = await tx
    .selectFrom('action_log_entries')
    .select('seq')
    .where('type', '=', SUMMARY_TYPES.pageLoad)
    .where('session_id', '=', sessionId)
    .where('seq', '<', first.seq)
    .limit(1)
    .executeTakeFirst();
  return earlier ? {} : { viewport_width: first.viewportWidth };
}

async function freshEntries(tx: Transaction<Tables>, sessionId: string, entries: readonly DecodedEntry[]): Promise<DecodedEntry[]> {
  const seqs = [...new Set(entries.map((entry) => entry.seq))];
  const stored = await tx.selectFrom('action_log_entries').select('seq').where('session_id', '=', sessionId).where('seq', 'in', seqs).execute();
  const taken = new Set(stored.map((row) => row.seq));
  const fresh: DecodedEntry[] = [];
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (taken.has(entry.seq)) continue;
    taken.add(entry.seq);
    fresh.push(entry);
  }
  return fresh;
}

/** ACTION_LOG_ENTRIES_PER_MINUTE, counted in the database, so every server process shares the count. */
async function countForAddress(tx: Transaction<Tables>, addressKey: string, minute: number, count: number, limit: number): Promise<void> {
  await tx.deleteFrom('action_log_address_minutes').where('address_key', '=', addressKey).where('minute', '<', minute).execute();
  const counted =
    count <= limit
      ? await tx
          .insertInto('action_log_address_minutes')
          .values({ address_key: addressKey, minute, entries: count })
          .onConflict((conflict) =>
            conflict
              .columns(['address_key', 'minute'])
              .doUpdateSet((eb) => ({ entries: eb('action_log_address_minutes.entries', '+', count) }))
              .where('action_log_address_minutes.entries', '<=', limit - count),
          )
          .returning('entries')
          .executeTakeFirst()
      : undefined;
  if (!counted) throw new HttpError(429, 'Too many action-log entries from this address; try again in a minute');
}

/**
 * Takes room for `count` entries in the store. When it is full, the least recently active logs
 * give way (never the one being written): support needs the logs of what just went wrong more
 * than month-old ones, and refusing new logs instead would let a flood silence logging for
 * everyone. A store far over its cap (the cap was lowered) is trimmed by the expiry job, not by
 * one visitor's batch: past a few rounds the batch gets 503 and is sent again later.
 */
async function reserveRoom(tx: Transaction<Tables>, sessionId: string, count: number, maxEntries: number): Promise<void> {
  for (let round = 0; round <= EVICTION_ROUNDS; round++) {
    const reserved = await tx
      .updateTable('action_log_usage')
      .set((eb) => ({ entries: eb('entries', '+', count) }))
      .where('id', '=', 1)
      .where((eb) => eb(eb('entries', '+', count), '<=', maxEntries))
      .returning('entries')
      .executeTakeFirst();
    if (reserved) return;
    if (round === EVICTION_ROUNDS) break;
    const usage = await tx.selectFrom('action_log_usage').select('entries').where('id', '=', 1).executeTakeFirstOrThrow();
    const freed = await dropLeastRecent(tx, usage.entries + count - maxEntries, sessionId);
    if (freed.sessions === 0) break;
  }
  throw new HttpError(503, 'The action log is full; try again later');
}

/** A log's entries in order, as support replays them. */
export async function readActionLog(query: Kysely<Tables>, sessionId: string): Promise<ActionLogEntry[]> {
  const rows = await query
    .selectFrom('action_log_entries')
    .select(['seq', 'at', 'type', 'payload'])
    .where('session_id', '=', sessionId)
    .orderBy('seq')
    .execute();
  return rows.map(({ seq, at, type, payload }) => (payload === null ? { seq, at, type } : { seq, at, type, payload: JSON.parse(payload) as unknown }));
}

/** An entry as stored: its payload still JSON text. */
export interface StoredEntry {
  seq: number;
  at: string;
  type: string;
  payload: string | null;
}

/** Rows read per query: a page of the largest payloads is a few megabytes, and the event loop answers others between pages. */
const ROWS_PER_PAGE = 100;

/**
 * A log's entries in order, as stored, through `throughSeq` if given, until their payloads would
 * pass `maxChars`: `cut` says the log goes on past the last row read. What the support console
 * replays is read this way, so reading the largest log the caps allow costs the server a bounded
 * amount of memory, and the replay thread parses it.
 */
export async function readActionLogRows(
  query: Kysely<Tables>,
  sessionId: string,
  limits: { throughSeq?: number; maxChars: number },
): Promise<{ rows: StoredEntry[]; cut: boolean }> {
  const rows: StoredEntry[] = [];
  let chars = 0;
  for (;;) {
    let page = query
      .selectFrom('action_log_entries')
      .select(['seq', 'at', 'type', 'payload'])
      .where('session_id', '=', sessionId)
      .where('seq', '>', rows.at(-1)?.seq ?? 0)
      .orderBy('seq')
      .limit(ROWS_PER_PAGE);
    if (limits.throughSeq !== undefined) page = page.where('seq', '<=', limits.throughSeq);
    const read = await page.execute();
    for (const row of read) {
      chars += row.payload?.length ?? 0;
      if (chars > limits.maxChars) return { rows, cut: true };
      rows.push(row);
    }
    if (read.length < ROWS_PER_PAGE) return { rows, cut: false };
    // SQLite answers synchronously: without a turn of the event loop between pages, a long log would be read in one.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The logs linked to an account, most recently active first. */
export async function readUserActionLogs(query: Kysely<Tables>, userId: number) {
  return query
    .selectFrom('action_log_sessions')
    .select(['id', 'started_at as startedAt', 'last_seen_at as lastSeenAt', 'entry_count as entryCount'])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .execute();
}
