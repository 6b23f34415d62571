import { validate } from 'superstruct';
import type { AppDeps } from '../appDeps';
import { storeAnalyticsEvents } from './analyticsStore';
import { draftProductIds, finishDraft, FRESH_MEMORY, type LogEntry, type LogMemory, LogMemorySchema, readLog } from './browserEvents';
import { productFacts } from './productFacts';

/** The latest `last_seen_at` of the logs read so far. */
const WATERMARK = 'browser-log-watermark';
/** Logs seen this long before the watermark are looked at again: a batch stamped earlier may commit later. */
const LATE_COMMIT_MS = 60_000;
/**
 * A missing entry (a batch the server refused, a beacon lost) is waited for while its log is
 * active; once the log has been quiet this long, the reading goes past it.
 */
const GAP_WAIT_MS = 60_000;
const SESSIONS_PER_PAGE = 200;
const ENTRIES_PER_READ = 1_000;
/** Sessions one run reads at most; the next run, a couple of seconds later, goes on. */
const SESSIONS_PER_RUN = 5_000;
const DAY_MS = 24 * 60 * 60_000;

type Deps = Pick<AppDeps, 'database' | 'actionLogs' | 'analytics' | 'clock' | 'config'>;

interface TabLog {
  id: string;
  user_id: number | null;
  started_at: number;
  last_seen_at: number;
}

/**
 * The `analytics-browser-events` job (server/jobs/backgroundJobs.ts): reads the logs written to
 * since its last run, each from where it stopped (analytics_log_progress), into the stream. A log's
 * events and its progress are written in one transaction, so each entry becomes its events once;
 * imported sessions (another shop's) become none.
 */
export async function deriveBrowserEvents(deps: Deps): Promise<{ logs: number; events: number }> {
  const now = deps.clock.now().getTime();
  const mark = await deps.database.query.selectFrom('analytics_marks').select('value').where('name', '=', WATERMARK).executeTakeFirst();
  const since = Number(mark?.value ?? 0) - LATE_COMMIT_MS;
  let after: { lastSeenAt: number; id: string } | null = null;
  let latest = Number(mark?.value ?? 0);
  const total = { logs: 0, events: 0 };
  while (total.logs < SESSIONS_PER_RUN) {
    let select = deps.actionLogs.query
      .selectFrom('action_log_sessions')
      .select(['id', 'user_id', 'started_at', 'last_seen_at'])
      .where('imported_at', 'is', null)
      .where('last_seen_at', '>=', since);
    if (after) {
      const { lastSeenAt, id } = after;
      select = select.where((eb) => eb.or([eb('last_seen_at', '>', lastSeenAt), eb.and([eb('last_seen_at', '=', lastSeenAt), eb('id', '>', id)])]));
    }
    const page: TabLog[] = (await select.orderBy('last_seen_at').orderBy('id').limit(SESSIONS_PER_PAGE).execute()).map((row) => ({
      id: row.id,
      user_id: row.user_id === null ? null : Number(row.user_id),
      started_at: Number(row.started_at),
      last_seen_at: Number(row.last_seen_at),
    }));
    for (const log of page) {
      total.events += await deriveLog(deps, log, now);
      latest = Math.max(latest, log.last_seen_at);
    }
    total.logs += page.length;
    if (page.length < SESSIONS_PER_PAGE) break;
    const last = page[page.length - 1]!;
    after = { lastSeenAt: last.last_seen_at, id: last.id };
  }
  await deps.database.transaction(async (tx) => {
    await tx
      .insertInto('analytics_marks')
      .values({ name: WATERMARK, value: latest })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: latest }))
      .execute();
    // A log expired or erased leaves its reading's memory behind: it goes once it could no longer be written to.
    await tx
      .deleteFrom('analytics_log_progress')
      .where('updated_at', '<', now - (deps.config.actionLog.maxAgeDays + 1) * DAY_MS)
      .execute();
  });
  return total;
}

function memoryOf(stored: string | undefined): LogMemory {
  if (stored === undefined) return FRESH_MEMORY;
  const [error, memory] = validate(JSON.parse(stored), LogMemorySchema);
  // A memory written by an older build is read as a fresh one: at worst a coupon's answer goes unnamed.
  return error ? FRESH_MEMORY : memory;
}

/** When an entry happened: the tab's clock, kept within the log's own span (a tab's clock, or a forged entry, may say anything). */
function occurredAt(at: string, log: TabLog, now: number): Date {
  const time = Date.parse(at);
  const earliest = log.started_at - DAY_MS;
  const latest = Math.min(now, log.last_seen_at + LATE_COMMIT_MS);
  return new Date(Number.isNaN(time) ? log.last_seen_at : Math.min(latest, Math.max(earliest, time)));
}

async function deriveLog(deps: Deps, log: TabLog, now: number): Promise<number> {
  const progress = await deps.database.query.selectFrom('analytics_log_progress').select(['through_seq', 'memory']).where('session_id', '=', log.id).executeTakeFirst();
  let through = Number(progress?.through_seq ?? 0);
  let memory = memoryOf(progress?.memory);
  let stored = 0;
  for (;;) {
    const rows = await deps.actionLogs.query
      .selectFrom('action_log_entries')
      .select(['seq', 'at', 'type', 'payload'])
      .where('session_id', '=', log.id)
      .where('seq', '>', through)
      .orderBy('seq')
      .limit(ENTRIES_PER_READ)
      .execute();
    const entries: LogEntry[] = [];
    let expected = through + 1;
    for (const row of rows) {
      if (row.seq !== expected && now - log.last_seen_at < GAP_WAIT_MS) break;
      entries.push(row.payload === null ? { seq: row.seq, at: row.at, type: row.type } : { seq: row.seq, at: row.at, type: row.type, payload: JSON.parse(row.payload) as unknown });
      expected = row.seq + 1;
    }
    if (entries.length === 0) return stored;
    const reading = readLog(entries, memory);
    const facts = await productFacts(deps.database.query, draftProductIds(reading.drafts));
    const userId = log.user_id === null ? null : deps.analytics.pseudonyms.user(log.user_id);
    const events = reading.drafts.flatMap((draft) => {
      const event = finishDraft(draft, facts, { sessionId: log.id, userId, occurredAt: occurredAt(draft.at, log, now) });
      return event ? [event] : [];
    });
    through = entries[entries.length - 1]!.seq;
    memory = reading.memory;
    const text = JSON.stringify(memory);
    stored += await deps.database.transaction(async (tx) => {
      const added = await storeAnalyticsEvents(tx, deps.database.kind, events, new Date(now));
      await tx
        .insertInto('analytics_log_progress')
        .values({ session_id: log.id, through_seq: through, memory: text, updated_at: now })
        .onConflict((conflict) => conflict.column('session_id').doUpdateSet({ through_seq: through, memory: text, updated_at: now }))
        .execute();
      return added;
    });
    if (rows.length < ENTRIES_PER_READ || entries.length < rows.length) return stored;
  }
}
