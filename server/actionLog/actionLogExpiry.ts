import type { ActionLogConfig } from '../config';
import type { Database } from '../db/database';
import { dropLeastRecent, dropSessions, lastWritten } from './dropSessions';

const DAY_MS = 24 * 60 * 60_000;
/** Logs deleted per transaction, so a large expiry never holds the writer for long. */
const CHUNK = 200;

/**
 * Deletes logs not written to for `maxAgeDays` (an imported one counts from its import), trims the store to its cap (least recently
 * active first: a cap lowered since the last run), and drops per-address counts of past minutes.
 * Idempotent, so several servers running it at once only share the work.
 */
export type ExpiryCaps = Pick<ActionLogConfig, 'maxAgeDays' | 'maxEntries'>;

export async function expireActionLogs(
  database: Database,
  caps: ExpiryCaps,
  now: Date,
): Promise<{ sessions: number; entries: number }> {
  const seenBefore = now.getTime() - caps.maxAgeDays * DAY_MS;
  const removed = { sessions: 0, entries: 0 };
  for (;;) {
    const chunk = await database.transaction(async (tx) => {
      const expired = await tx
        .selectFrom('action_log_sessions')
        .select('id')
        .where((eb) => eb(lastWritten(eb), '<', seenBefore))
        .orderBy((eb) => lastWritten(eb))
        .limit(CHUNK)
        .execute();
      return { found: expired.length, ...(await dropSessions(tx, expired.map((row) => row.id), { seenBefore })) };
    });
    removed.sessions += chunk.sessions;
    removed.entries += chunk.entries;
    if (chunk.found < CHUNK) break;
  }
  for (;;) {
    const chunk = await database.transaction(async (tx) => {
      const usage = await tx.selectFrom('action_log_usage').select('entries').where('id', '=', 1).executeTakeFirstOrThrow();
      if (usage.entries <= caps.maxEntries) return null;
      return dropLeastRecent(tx, usage.entries - caps.maxEntries);
    });
    if (!chunk || chunk.sessions === 0) break;
    removed.sessions += chunk.sessions;
    removed.entries += chunk.entries;
  }
  await database.transaction((tx) =>
    tx.deleteFrom('action_log_address_minutes').where('minute', '<', Math.floor(now.getTime() / 60_000) - 1).execute(),
  );
  return removed;
}
