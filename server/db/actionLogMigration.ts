import { type Kysely, sql } from 'kysely';
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
