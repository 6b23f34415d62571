import { type Kysely, sql } from 'kysely';
import { ERROR_TYPES, MAX_VIEWPORT_WIDTH, PAGE_TYPES, SUMMARY_TYPES } from '../actionLog/sessionSummary';
import type { DatabaseKind } from './database';

/** The foundation kept each log in the event store as `actionLog-<id>`, one ActionRecorded event per entry. */
const STREAM_PREFIX = 'actionLog-';

/**
 * Moves the foundation's action logs out of the event store into the action-log tables (part of
 * migration 0009): their entries, one session row per stream (no user: the foundation never
 * linked one), the usage counter, and then deletes the events. Set-based SQL per database, so a
 * large store moves in seconds. Entries were redacted when they were appended.
 */
export async function moveActionRecordedEvents(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const sessionId = sql.raw(`substr(stream_id, ${STREAM_PREFIX.length + 1})`);
  const ofActionLogs = sql`type = 'ActionRecorded' AND stream_id LIKE ${`${STREAM_PREFIX}%`}`;
  if (kind === 'postgres') {
    await sql`
      INSERT INTO action_log_entries (session_id, seq, at, type, payload)
      SELECT ${sessionId}, (data ->> 'seq')::integer, data ->> 'at', data ->> 'type', (data -> 'payload')::text
      FROM events WHERE ${ofActionLogs}
      ON CONFLICT DO NOTHING`.execute(db);
    await sql`
      INSERT INTO action_log_sessions (id, user_id, started_at, last_seen_at, entry_count)
      SELECT ${sessionId}, NULL, min(at_ms), max(at_ms), count(*)
      FROM (SELECT stream_id, (extract(epoch FROM recorded_at::timestamptz) * 1000)::bigint AS at_ms FROM events WHERE ${ofActionLogs}) AS recorded
      GROUP BY stream_id`.execute(db);
  } else {
    await sql`
      INSERT INTO action_log_entries (session_id, seq, at, type, payload)
      SELECT ${sessionId}, data ->> '$.seq', data ->> '$.at', data ->> '$.type', data -> '$.payload'
      FROM events WHERE ${ofActionLogs}
      ON CONFLICT DO NOTHING`.execute(db);
    await sql`
      INSERT INTO action_log_sessions (id, user_id, started_at, last_seen_at, entry_count)
      SELECT ${sessionId}, NULL, min(at_ms), max(at_ms), count(*)
      FROM (SELECT stream_id, CAST(round((julianday(recorded_at) - 2440587.5) * 86400000) AS INTEGER) AS at_ms FROM events WHERE ${ofActionLogs})
      GROUP BY stream_id`.execute(db);
  }
  await sql`INSERT INTO action_log_usage (id, entries) SELECT 1, count(*) FROM action_log_entries`.execute(db);
  await sql`DELETE FROM events WHERE ${ofActionLogs}`.execute(db);
}

/**
 * Fills the summary columns of migration 0028 from the entries already stored, with the rules
 * `recordActionLogBatch` keeps for new ones (server/actionLog/sessionSummary.ts): pages, failed
 * requests, errors, and the width of each log's first page load. Set-based SQL per database.
 */
export async function backfillActionLogSummaries(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const list = (types: readonly string[]) => sql.join(types.map((type) => sql.lit(type)));
  const pages = list(PAGE_TYPES);
  const errors = list(ERROR_TYPES);
  const counted = list([...new Set([...PAGE_TYPES, ...ERROR_TYPES])]);
  const failed = sql.lit(SUMMARY_TYPES.failedRequest);
  const pageLoad = sql.lit(SUMMARY_TYPES.pageLoad);
  const maxWidth = sql.lit(MAX_VIEWPORT_WIDTH);
  if (kind === 'postgres') {
    await sql`
      UPDATE action_log_sessions AS s
      SET page_count = c.pages, failed_requests = c.failed, error_count = c.errors
      FROM (
        SELECT session_id,
          count(*) FILTER (WHERE type IN (${pages})) AS pages,
          count(*) FILTER (WHERE type = ${failed}) AS failed,
          count(*) FILTER (WHERE type IN (${errors})) AS errors
        FROM action_log_entries WHERE type IN (${counted}) GROUP BY session_id
      ) AS c
      WHERE c.session_id = s.id`.execute(db);
    // jsonb refuses a \u0000 escape that JSON allows: such a page load keeps an unknown width.
    await sql`
      UPDATE action_log_sessions AS s
      SET viewport_width = f.width
      FROM (
        SELECT session_id,
          CASE WHEN strpos(payload, '\\u0000') = 0 THEN
            CASE WHEN jsonb_typeof(payload::jsonb #> '{viewport,width}') = 'number' AND (payload::jsonb #>> '{viewport,width}') ~ '^[0-9]{1,7}$' THEN
              CASE WHEN (payload::jsonb #>> '{viewport,width}')::integer <= ${maxWidth} THEN (payload::jsonb #>> '{viewport,width}')::integer END
            END
          END AS width
        FROM (SELECT DISTINCT ON (session_id) session_id, payload FROM action_log_entries WHERE type = ${pageLoad} ORDER BY session_id, seq) AS first_loads
      ) AS f
      WHERE f.session_id = s.id`.execute(db);
  } else {
    await sql`
      UPDATE action_log_sessions
      SET page_count = c.pages, failed_requests = c.failed, error_count = c.errors
      FROM (
        SELECT session_id,
          sum(type IN (${pages})) AS pages,
          sum(type = ${failed}) AS failed,
          sum(type IN (${errors})) AS errors
        FROM action_log_entries WHERE type IN (${counted}) GROUP BY session_id
      ) AS c
      WHERE c.session_id = action_log_sessions.id`.execute(db);
    await sql`
      UPDATE action_log_sessions
      SET viewport_width = f.width
      FROM (
        SELECT e.session_id,
          CASE WHEN json_valid(e.payload) THEN
            CASE WHEN json_type(e.payload, '$.viewport.width') = 'integer' AND json_extract(e.payload, '$.viewport.width') BETWEEN 0 AND ${maxWidth}
              THEN json_extract(e.payload, '$.viewport.width') END
          END AS width
        FROM action_log_entries AS e
        JOIN (SELECT session_id, min(seq) AS seq FROM action_log_entries WHERE type = ${pageLoad} GROUP BY session_id) AS first_loads
          ON first_loads.session_id = e.session_id AND first_loads.seq = e.seq
      ) AS f
      WHERE f.session_id = action_log_sessions.id`.execute(db);
  }
}
