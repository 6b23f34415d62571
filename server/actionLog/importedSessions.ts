import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/uniqueViolation';
import type { SessionSummary } from './sessionSummary';

/** A session an admin imported from another server's export, ready for its rows (server/support/sessionTransfer.ts). */
export interface ImportedSession {
  sessionId: string;
  /** Redacted where they were recorded; each payload as the JSON its row stores. */
  entries: readonly { seq: number; at: string; type: string; payload: string | null }[];
  /** The events that came with it, as support views (JSON), by their position there. */
  events: readonly { position: number; view: string }[];
  summary: SessionSummary;
  startedAt: number;
  lastSeenAt: number;
  importedAt: number;
}

/**
 * Stores an imported session in one transaction: its log, its entries counted in the store's
 * usage, its events beside it. `taken` when a session of that id is already stored (nothing written).
 */
export async function storeImportedSession(database: Database, session: ImportedSession): Promise<'stored' | 'taken'> {
  try {
    await database.transaction(async (tx) => {
      await tx
        .insertInto('action_log_sessions')
        .values({
          id: session.sessionId,
          user_id: null,
          started_at: session.startedAt,
          last_seen_at: session.lastSeenAt,
          entry_count: session.entries.length,
          page_count: session.summary.pageCount,
          viewport_width: session.summary.viewportWidth,
          failed_requests: session.summary.failedRequests,
          error_count: session.summary.errorCount,
          imported_at: session.importedAt,
        })
        .execute();
      await tx
        .insertInto('action_log_entries')
        .values(session.entries.map((entry) => ({ session_id: session.sessionId, ...entry })))
        .execute();
      await tx.updateTable('action_log_usage').set((eb) => ({ entries: eb('entries', '+', session.entries.length) })).where('id', '=', 1).execute();
      if (session.events.length > 0) {
        await tx
          .insertInto('support_imported_events')
          .values(session.events.map((event) => ({ session_id: session.sessionId, ...event })))
          .execute();
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
  return 'stored';
}
