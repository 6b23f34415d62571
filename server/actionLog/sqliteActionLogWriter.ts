import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from '../db/sqliteDatabase';
import { HttpError } from '../http/endpoint';
import type { ActionLogBatchToStore, ActionLogCaps, StoredBatch } from './actionLogStore';
import type { DecodedEntry } from './batchDecoding';
import { bringsCheckpoint, COUNTED_TYPES, requireCheckpointAllowance } from './checkpointDensity';
import { GroupCommit, type ItemOutcome } from './groupCommit';
import { firstPageLoad, summarize, SUMMARY_TYPES } from './sessionSummary';

/**
 * Batches arriving within this long of each other share one write transaction and one fsync: a
 * tab waits a little longer for an answer nobody sees, and the writer checkout needs is taken
 * ten times a second instead of once per batch.
 */
export const GROUP_COMMIT_WINDOW_MS = 100;
/** Batches in one transaction at most, so that a checkout never waits long behind one. */
export const GROUP_COMMIT_MAX_BATCHES = 32;

/** The store is full: the batch goes the general way, where the least recently active logs give way (actionLogStore.ts). */
export class StoreFull extends Error {}

interface Item {
  caps: ActionLogCaps;
  batch: ActionLogBatchToStore;
}

/**
 * The action log's writes on SQLite: what `storeBatch` (actionLogStore.ts) does, as prepared
 * statements run synchronously, a group of batches in one transaction and each batch in a
 * savepoint of its own. better-sqlite3 is synchronous either way; through the query builder a
 * batch cost the event loop that answers buyers about three times the CPU, spread over dozens of
 * turns during which checkout's writes waited for the lock (server/actionLog/README.md
 * "Where the action log lives").
 * The general path stays for PostgreSQL and for a full store, where logs are evicted.
 */
export class SqliteActionLogWriter {
  private readonly group: GroupCommit<Item, StoredBatch>;
  private readonly statements: ReturnType<typeof prepare>;
  private readonly writeGroup: BetterSqlite3.Transaction<(items: readonly Item[]) => ItemOutcome<StoredBatch>[]>;

  constructor(private readonly database: SqliteDatabase) {
    const { writer } = database;
    this.statements = prepare(writer);
    const storeInSavepoint = writer.transaction((item: Item) => this.store(item));
    this.writeGroup = writer.transaction((items: readonly Item[]) =>
      items.map((item) => {
        try {
          return { output: storeInSavepoint(item) };
        } catch (error) {
          // A cap's refusal, or a full store, is the batch's own; anything else (the disk) fails the transaction.
          if (error instanceof HttpError || error instanceof StoreFull) return { refusal: error };
          throw error;
        }
      }),
    );
    this.group = new GroupCommit<Item, StoredBatch>(
      (take) => this.database.writeLock.run(() => this.writeGroup.immediate(take())),
      { windowMs: GROUP_COMMIT_WINDOW_MS, maxItems: GROUP_COMMIT_MAX_BATCHES },
    );
  }

  /** Answered once the batch is committed; rejects with the batch's refusal (HttpError, StoreFull) or the transaction's failure. */
  record(caps: ActionLogCaps, batch: ActionLogBatchToStore): Promise<StoredBatch> {
    return this.group.submit({ caps, batch });
  }

  private store({ caps, batch }: Item): StoredBatch {
    const s = this.statements;
    const at = batch.now.getTime();
    const session = s.upsertSession.get(batch.sessionId, batch.userId, at, at)!;
    const taken = new Set(s.storedSeqs.all(batch.sessionId, JSON.stringify(batch.entries.map((entry) => entry.seq))).map((row) => row.seq));
    const fresh: DecodedEntry[] = [];
    for (const entry of [...batch.entries].sort((a, b) => a.seq - b.seq)) {
      if (taken.has(entry.seq)) continue;
      taken.add(entry.seq);
      fresh.push(entry);
    }
    if (fresh.length > 0) {
      if (session.entry_count + fresh.length > caps.maxEntriesPerSession) {
        throw new HttpError(413, `This action log holds its limit of ${caps.maxEntriesPerSession} entries and takes no more`);
      }
      const minute = Math.floor(at / 60_000);
      s.dropPastMinutes.run(batch.addressKey, minute);
      const limit = caps.entriesPerAddressPerMinute;
      const counted = fresh.length <= limit ? s.countForAddress.get(batch.addressKey, minute, fresh.length, fresh.length, limit - fresh.length) : undefined;
      if (!counted) throw new HttpError(429, 'Too many action-log entries from this address; try again in a minute');
      if (!s.reserveRoom.get(fresh.length, fresh.length, caps.maxEntries)) throw new StoreFull();
      for (const entry of fresh) s.insertEntry.run(batch.sessionId, entry.seq, entry.at, entry.type, entry.payload);
      if (bringsCheckpoint(fresh)) {
        const count = (type: string) => s.countOfType.get(type, batch.sessionId)!.n;
        requireCheckpointAllowance({ entries: session.entry_count + fresh.length, checkpoints: count(COUNTED_TYPES.checkpoint), pageLoads: count(COUNTED_TYPES.pageLoad) });
      }
      const summary = summarize(fresh);
      const first = firstPageLoad(fresh);
      // The log's width is its first page load's, unless it already holds an earlier one (a beacon can overtake a batch).
      const setsWidth = first !== undefined && s.earlierPageLoad.get(SUMMARY_TYPES.pageLoad, batch.sessionId, first.seq) === undefined;
      s.addToSummary.run(fresh.length, summary.pageCount, summary.failedRequests, summary.errorCount, setsWidth ? 1 : 0, first?.viewportWidth ?? null, batch.sessionId);
    }
    return { stored: fresh.length, lastSeq: s.lastSeq.get(batch.sessionId)?.seq ?? 0 };
  }
}

function prepare(writer: BetterSqlite3.Database) {
  return {
    upsertSession: writer.prepare<[string, number | null, number, number], { entry_count: number }>(
      `INSERT INTO action_log_sessions (id, user_id, started_at, last_seen_at, entry_count) VALUES (?, ?, ?, ?, 0)
       ON CONFLICT (id) DO UPDATE SET last_seen_at = excluded.last_seen_at, user_id = coalesce(excluded.user_id, action_log_sessions.user_id)
       RETURNING entry_count`,
    ),
    storedSeqs: writer.prepare<[string, string], { seq: number }>(
      'SELECT seq FROM action_log_entries WHERE session_id = ? AND seq IN (SELECT value FROM json_each(?))',
    ),
    dropPastMinutes: writer.prepare<[string, number]>('DELETE FROM action_log_address_minutes WHERE address_key = ? AND minute < ?'),
    countForAddress: writer.prepare<[string, number, number, number, number], { entries: number }>(
      `INSERT INTO action_log_address_minutes (address_key, minute, entries) VALUES (?, ?, ?)
       ON CONFLICT (address_key, minute) DO UPDATE SET entries = action_log_address_minutes.entries + ? WHERE action_log_address_minutes.entries <= ?
       RETURNING entries`,
    ),
    reserveRoom: writer.prepare<[number, number, number], { entries: number }>(
      'UPDATE action_log_usage SET entries = entries + ? WHERE id = 1 AND entries + ? <= ? RETURNING entries',
    ),
    insertEntry: writer.prepare<[string, number, string, string, string | null]>(
      'INSERT INTO action_log_entries (session_id, seq, at, type, payload) VALUES (?, ?, ?, ?, ?)',
    ),
    countOfType: writer.prepare<[string, string], { n: number }>('SELECT count(*) AS n FROM action_log_entries WHERE type = ? AND session_id = ?'),
    earlierPageLoad: writer.prepare<[string, string, number], { seq: number }>(
      'SELECT seq FROM action_log_entries WHERE type = ? AND session_id = ? AND seq < ? LIMIT 1',
    ),
    addToSummary: writer.prepare<[number, number, number, number, number, number | null, string]>(
      `UPDATE action_log_sessions SET entry_count = entry_count + ?, page_count = page_count + ?, failed_requests = failed_requests + ?,
       error_count = error_count + ?, viewport_width = CASE WHEN ? THEN ? ELSE viewport_width END WHERE id = ?`,
    ),
    lastSeq: writer.prepare<[string], { seq: number | null }>('SELECT max(seq) AS seq FROM action_log_entries WHERE session_id = ?'),
  };
}
