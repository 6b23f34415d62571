import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { Piscina } from 'piscina';
import { create, enums, integer, is, literal, number, object, string, union } from 'superstruct';
import type { ActionLogConfig } from '../config';
import { actionLogFileOf } from '../db/actionLogFile';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/databaseUnavailable';
import type { Database } from '../db/database';
import type { Tables } from '../db/schema';
import { openSqliteReader, SqliteDatabase } from '../db/sqliteDatabase';
import { HttpError } from '../http/endpoint';
import { type ExpiryCaps, expireActionLogs } from './actionLogExpiry';
import { type ActionLogCaps, recordActionLogBatch, type StoredBatch } from './actionLogStore';
import type { RecordTask } from './actionLogThread';
import { actionLogTickets, NOT_ISSUED } from './actionLogTickets';
import { DecodedBatchAnswer } from './batchDecoding';
import { dropUserSessions } from './dropSessions';
import { type ImportedSession, storeImportedSession } from './importedSessions';
import { type ErasedValues, scrubPersonalValues } from './personalValueScrub';

/**
 * Where the action logs are written and read (server/actionLog/README.md "Where the action log
 * lives"). On SQLite
 * they live in a file of their own, written by one thread (actionLogThread.ts) that decodes,
 * checks and stores each batch: the event loop answering buyers only hands it the bytes. On
 * PostgreSQL, where writers do not take turns, a thread decodes and the server stores.
 */
export interface ActionLogs {
  /** Reads of the logs' tables: the log file's on SQLite (committed data only), the database's on PostgreSQL. */
  readonly query: Kysely<Tables>;
  /** A batch as sent (JSON bytes): answered once stored; refused with the HttpError the tab gets. */
  record(bytes: Uint8Array, context: { userId: number | null; addressKey: string; now: Date }): Promise<StoredBatch>;
  /** The expiry job's work (server/actionLog/actionLogExpiry.ts). */
  expire(caps: ExpiryCaps, now: Date): Promise<{ sessions: number; entries: number }>;
  /** Deletes every log linked to the account (its erasure). */
  eraseUser(userId: number): Promise<void>;
  /** Replaces an erased account's names, addresses and words in every other log (personalValueScrub.ts). */
  scrubPersonalValues(values: ErasedValues): Promise<{ sessions: number; entries: number }>;
  /** Stores a session imported from another server's export; 409 when one of that id is stored. */
  importSession(session: ImportedSession): Promise<void>;
  close(): Promise<void>;
}

/** Batches waiting for the thread at most: past it the tab is told to send again later (it retries 503). */
const MAX_QUEUED_BATCHES = 1_000;
/**
 * Batches the SQLite thread works on at once: the ones arriving together are group-committed
 * (sqliteActionLogWriter.ts), up to 32 in a transaction.
 */
const CONCURRENT_BATCHES = 64;
const THREAD_FILE = path.join(__dirname, 'actionLogThread.ts');
/** How much lower the thread's scheduling priority is than the server's (nice(2); 19 is the lowest). */
const LOG_THREAD_NICENESS = 10;

const RecordAnswer = union([
  object({ kind: literal('stored'), stored: integer(), lastSeq: integer() }),
  object({ kind: literal('refused'), statusCode: integer(), message: string() }),
]);
const Removed = object({ kind: literal('done'), sessions: number(), entries: number() });
const ImportAnswer = object({ kind: literal('done'), outcome: enums(['stored', 'taken']) });
/** The thread's answer when the log file cannot be used (actionLogThread.ts `unlessUnavailable`). */
const Unavailable = object({ kind: literal('unavailable') });

/** Reads of the logs of a database opened without the server (a command-line tool, a test after a restart). */
export function openActionLogReader(database: Database): { query: Kysely<Tables>; close(): Promise<void> } {
  if (database instanceof SqliteDatabase) return openSqliteReader(actionLogFileOf(database.file));
  return { query: database.query, close: async () => undefined };
}

export async function openActionLogs(database: Database, config: ActionLogConfig, ticketKey: string): Promise<ActionLogs> {
  return database instanceof SqliteDatabase ? openSqliteActionLogs(database, config, ticketKey) : openServerActionLogs(database, config, ticketKey);
}

function threadPool(options: { threads: number; concurrentTasks: number; logFile: string | null; ticketKey: string | null }) {
  return new Piscina({
    filename: THREAD_FILE,
    // The task a thread loads at its start; every call names its own.
    name: 'decode',
    // Node 20 does not pass the main thread's TypeScript loader to worker threads.
    execArgv: ['--require', 'tsx/cjs'],
    minThreads: options.threads,
    maxThreads: options.threads,
    concurrentTasksPerWorker: options.concurrentTasks,
    maxQueue: MAX_QUEUED_BATCHES,
    // A group commit waits on a timer between tasks: the thread must keep its event loop, not sleep on Atomics.
    atomics: 'disabled',
    workerData: { logFile: options.logFile, ticketKey: options.ticketKey },
    // A batch is at most 256 KB of JSON; a thread past this heap is broken, not busy.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
    // Telemetry takes the CPU buyers leave: on Linux a thread's nice value is its own, so the
    // event loop answering them wins every contended moment, and batches wait (or get 503) instead.
    niceIncrement: LOG_THREAD_NICENESS,
  });
}

/** Runs a task on the thread; a full queue is the tab's 503, which it retries, and so is a log file that cannot be used. */
async function runTask(pool: Piscina, task: unknown, name: string): Promise<unknown> {
  let answer: unknown;
  try {
    answer = await pool.run(task, { name });
  } catch (error) {
    if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new HttpError(503, 'The action log is busy; try again later');
    throw error;
  }
  if (is(answer, Unavailable)) throw new HttpError(503, DATABASE_UNAVAILABLE_MESSAGE);
  return answer;
}

const capsOf = ({ maxEntriesPerSession, maxEntries, entriesPerAddressPerMinute }: ActionLogConfig): ActionLogCaps => ({
  maxEntriesPerSession,
  maxEntries,
  entriesPerAddressPerMinute,
});

const importConflict = (sessionId: string) => new HttpError(409, `Session ${sessionId} is already stored here: open it from the search`);

async function openSqliteActionLogs(database: SqliteDatabase, config: ActionLogConfig, ticketKey: string): Promise<ActionLogs> {
  const logFile = actionLogFileOf(database.file);
  const pool = threadPool({ threads: 1, concurrentTasks: CONCURRENT_BATCHES, logFile, ticketKey });
  try {
    await pool.run(null, { name: 'open' });
  } catch (error) {
    await pool.destroy();
    throw error;
  }
  const reader = openSqliteReader(logFile);
  return {
    query: reader.query,
    async record(bytes, context) {
      const task: RecordTask = { bytes, userId: context.userId, addressKey: context.addressKey, now: context.now.getTime(), caps: capsOf(config) };
      const answer = create(await runTask(pool, task, 'record'), RecordAnswer);
      if (answer.kind === 'refused') throw new HttpError(answer.statusCode, answer.message);
      return { stored: answer.stored, lastSeq: answer.lastSeq };
    },
    async expire({ maxAgeDays, maxEntries }, now) {
      const { sessions, entries } = create(await runTask(pool, { caps: { maxAgeDays, maxEntries }, now: now.getTime() }, 'expire'), Removed);
      return { sessions, entries };
    },
    async eraseUser(userId) {
      create(await runTask(pool, { userId }, 'eraseUser'), Removed);
    },
    async scrubPersonalValues(values) {
      const { sessions, entries } = create(await runTask(pool, values, 'scrubPersonalValues'), Removed);
      return { sessions, entries };
    },
    async importSession(session) {
      const { outcome } = create(await runTask(pool, session, 'importSession'), ImportAnswer);
      if (outcome === 'taken') throw importConflict(session.sessionId);
    },
    async close() {
      // Every batch handed over is committed and answered before the thread stops.
      await pool.close();
      await reader.close();
    },
  };
}

async function openServerActionLogs(database: Database, config: ActionLogConfig, ticketKey: string): Promise<ActionLogs> {
  // One core stays the event loop's; a second decoding thread only where a third core exists.
  const threads = Math.max(1, Math.min(2, os.availableParallelism() - 1));
  const pool = threadPool({ threads, concurrentTasks: 1, logFile: null, ticketKey: null });
  const tickets = actionLogTickets(ticketKey);
  return {
    query: database.query,
    async record(bytes, context) {
      const decoded = create(await runTask(pool, bytes, 'decode'), DecodedBatchAnswer);
      if (decoded.kind === 'refused') throw new HttpError(decoded.statusCode, decoded.message);
      if (!tickets.verify(decoded)) throw new HttpError(403, NOT_ISSUED);
      return recordActionLogBatch(database, capsOf(config), { sessionId: decoded.sessionId, entries: decoded.entries, ...context });
    },
    expire: (caps, now) => expireActionLogs(database, caps, now),
    async eraseUser(userId) {
      await dropUserSessions(database, userId);
    },
    scrubPersonalValues: (values) => scrubPersonalValues(database, values),
    async importSession(session) {
      if ((await storeImportedSession(database, session)) === 'taken') throw importConflict(session.sessionId);
    },
    close: () => pool.destroy(),
  };
}
