import { workerData } from 'node:worker_threads';
import { create, nullable, object, string } from 'superstruct';
import { isDatabaseUnavailable } from '../db/databaseUnavailable';
import { SqliteDatabase } from '../db/sqliteDatabase';
import { HttpError } from '../http/endpoint';
import { type ExpiryCaps, expireActionLogs } from './actionLogExpiry';
import { type ActionLogCaps, recordActionLogBatch } from './actionLogStore';
import { actionLogTickets, NOT_ISSUED } from './actionLogTickets';
import { decodeActionLogBatch, type DecodedBatchAnswer } from './batchDecoding';
import { dropUserSessions } from './dropSessions';
import { type ImportedSession, storeImportedSession } from './importedSessions';
import { ErasedValuesSchema, scrubPersonalValues as scrubLogs } from './personalValueScrub';

/**
 * The action-log thread's tasks, run by the piscina pool of server/actionLog/actionLogs.ts.
 * On SQLite this thread is the log file's one writer: it decodes each batch, checks its ticket and
 * stores it, so that neither the batch's bytes nor its writes and fsyncs ever hold up the event
 * loop that answers buyers. On PostgreSQL it only decodes. Each task answers plain data (a
 * refusal as `{kind: 'refused'}`: errors lose their class between threads), decoded by the caller.
 */
const ThreadData = object({ logFile: nullable(string()), ticketKey: nullable(string()) });

let logDatabase: Promise<SqliteDatabase> | null = null;

function openedLog(): Promise<SqliteDatabase> {
  if (!logDatabase) {
    const { logFile } = create(workerData, ThreadData);
    if (logFile === null) throw new Error('This action-log thread only decodes: it was started without a log file');
    logDatabase = SqliteDatabase.openActionLogFile(logFile);
  }
  return logDatabase;
}

let verifier: ((ticket: { sessionId: string; token: string }) => boolean) | null = null;

function ticketIsOurs(ticket: { sessionId: string; token: string }): boolean {
  if (!verifier) {
    const { ticketKey } = create(workerData, ThreadData);
    if (ticketKey === null) throw new Error('This action-log thread was started without the tickets\' key');
    verifier = actionLogTickets(ticketKey).verify;
  }
  return verifier(ticket);
}

const refusal = (error: unknown) => {
  if (error instanceof HttpError) return { kind: 'refused' as const, statusCode: error.statusCode, message: error.message };
  throw error;
};

/**
 * The log file locked by another process, its disk full or failing: said as such, since an
 * error's code does not cross threads, and the server answers 503 as for its own database.
 */
async function unlessUnavailable<T>(work: () => Promise<T>): Promise<T | { kind: 'unavailable' }> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseUnavailable(error)) return { kind: 'unavailable' };
    throw error;
  }
}

/** PostgreSQL's batches: parsed, checked and redacted here; stored by the server. */
export function decode(bytes: Uint8Array): DecodedBatchAnswer {
  return decodeActionLogBatch(bytes);
}

/** Opens the log file, bringing its schema up to date, before the server reads it. */
export async function open(): Promise<null> {
  await openedLog();
  return null;
}

export interface RecordTask {
  bytes: Uint8Array;
  userId: number | null;
  addressKey: string;
  /** Milliseconds since the epoch: the server's clock when the batch arrived. */
  now: number;
  caps: ActionLogCaps;
}

/** One batch, from its bytes to its rows: stored (once it is committed), or refused with the 4xx the tab gets. */
export function record(task: RecordTask) {
  return unlessUnavailable(async () => {
    const decoded = decodeActionLogBatch(task.bytes);
    if (decoded.kind === 'refused') return decoded;
    if (!ticketIsOurs(decoded)) return { kind: 'refused' as const, statusCode: 403, message: NOT_ISSUED };
    try {
      const stored = await recordActionLogBatch(await openedLog(), task.caps, {
        sessionId: decoded.sessionId,
        entries: decoded.entries,
        userId: task.userId,
        addressKey: task.addressKey,
        now: new Date(task.now),
      });
      return { kind: 'stored' as const, ...stored };
    } catch (error) {
      return refusal(error);
    }
  });
}

export function expire(task: { caps: ExpiryCaps; now: number }) {
  return unlessUnavailable(async () => ({ kind: 'done' as const, ...(await expireActionLogs(await openedLog(), task.caps, new Date(task.now))) }));
}

export function eraseUser(task: { userId: number }) {
  return unlessUnavailable(async () => ({ kind: 'done' as const, ...(await dropUserSessions(await openedLog(), task.userId)) }));
}

/** An erasure's second part: the account's names, addresses and words leave every other log. */
export function scrubPersonalValues(task: unknown) {
  return unlessUnavailable(async () => ({ kind: 'done' as const, ...(await scrubLogs(await openedLog(), create(task, ErasedValuesSchema))) }));
}

export function importSession(session: ImportedSession) {
  return unlessUnavailable(async () => ({ kind: 'done' as const, outcome: await storeImportedSession(await openedLog(), session) }));
}
