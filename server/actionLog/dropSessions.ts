import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { Tables } from '../db/schema';

/**
 * When a log was last written here: its last batch, or for a session an admin imported from
 * another server, the import (its entries may be months old, and it was brought here to be read).
 */
export const lastWritten = (eb: ExpressionBuilder<Tables, 'action_log_sessions'>) => eb.fn.coalesce('imported_at', 'last_seen_at');

/**
 * Deletes whole logs and gives their entries back to the store's usage count. The session row
 * goes first: on PostgreSQL that waits for a batch being written to it, so the entries deleted
 * next include that batch's and none is left without its session.
 */
export async function dropSessions(
  tx: Transaction<Tables>,
  ids: readonly string[],
  options: { seenBefore?: number } = {},
): Promise<{ sessions: number; entries: number }> {
  if (ids.length === 0) return { sessions: 0, entries: 0 };
  let sessions = tx.deleteFrom('action_log_sessions').where('id', 'in', ids);
  // Checked again on the row itself: a log written to meanwhile is no longer expired.
  const { seenBefore } = options;
  if (seenBefore !== undefined) sessions = sessions.where((eb) => eb(lastWritten(eb), '<', seenBefore));
  const dropped = (await sessions.returning('id').execute()).map((row) => row.id);
  if (dropped.length === 0) return { sessions: 0, entries: 0 };
  const { numDeletedRows } = await tx.deleteFrom('action_log_entries').where('session_id', 'in', dropped).executeTakeFirstOrThrow();
  const entries = Number(numDeletedRows);
  // An imported session's events go with it (support_imported_events, server/support/sessionTransfer.ts).
  await tx.deleteFrom('support_imported_events').where('session_id', 'in', dropped).execute();
  await tx
    .updateTable('action_log_usage')
    .set((eb) => ({ entries: eb('entries', '-', entries) }))
    .where('id', '=', 1)
    .execute();
  return { sessions: dropped.length, entries };
}

/** Least recently active logs looked at in one call. */
const LEAST_RECENT_SCAN = 100;

/** Deletes the least recently active logs (never `keep`) until `needed` entries are freed or this round's scan runs out. */
export async function dropLeastRecent(tx: Transaction<Tables>, needed: number, keep?: string): Promise<{ sessions: number; entries: number }> {
  let candidates = tx.selectFrom('action_log_sessions').select(['id', 'entry_count']).orderBy('last_seen_at').orderBy('id').limit(LEAST_RECENT_SCAN);
  if (keep !== undefined) candidates = candidates.where('id', '!=', keep);
  const victims: string[] = [];
  let room = 0;
  for (const candidate of await candidates.execute()) {
    if (room >= needed) break;
    victims.push(candidate.id);
    room += candidate.entry_count;
  }
  return dropSessions(tx, victims);
}

/** A user's erasure: every log linked to the account goes, its entries and imported events with it. */
export async function dropUserSessions(database: Database, userId: number): Promise<{ sessions: number; entries: number }> {
  return database.transaction(async (tx) => {
    const logs = await tx.selectFrom('action_log_sessions').select('id').where('user_id', '=', userId).execute();
    return dropSessions(
      tx,
      logs.map((log) => log.id),
    );
  });
}
