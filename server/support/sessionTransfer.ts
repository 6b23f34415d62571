import { boolean, number, object, record, string, union, validate } from 'superstruct';
import { parseSessionFile, SessionFileError, type SessionEventLine, sessionFileText } from '../../shared/actionLog/sessionFile';
import { type SupportEvent, SupportEventSchema } from '../../shared/schemas/support';
import type { AppDeps } from '../appDeps';
import { readActionLog } from '../actionLog/actionLogStore';
import { summarizeEntries } from '../actionLog/sessionSummary';
import { decodeStored } from '../db/storedJson';
import { isUniqueViolation } from '../db/uniqueViolation';
import { HttpError } from '../http/endpoint';
import { SESSION_ID } from './sessionSearch';
import { requireSession, sessionEventsOf } from './supportSessions';
import { recordSupportAudit } from './supportAudit';

type Deps = Pick<AppDeps, 'database' | 'eventStore' | 'clock' | 'config'>;

/** An event line's data in an exported file: the support view of the event, never its stored data. */
const ExportedEventData = object({ summary: string(), fields: record(string(), union([string(), number(), boolean()])) });

const eventLine = (event: SupportEvent): SessionEventLine => ({
  kind: 'event',
  streamId: event.streamId,
  position: event.position,
  type: event.type,
  recordedAt: event.at,
  data: { summary: event.summary, fields: event.data },
});

/**
 * A session as a JSON Lines file: the log's entries (redacted when they were recorded) and the
 * server's events as support sees them (no addresses, tokens or secrets). The export is recorded.
 */
export async function exportSupportSession(deps: Deps, sessionId: string, staffUserId: number): Promise<{ fileName: string; text: string }> {
  const session = await requireSession(deps, sessionId);
  const [entries, events] = await Promise.all([readActionLog(deps.database, session.id), sessionEventsOf(deps, session)]);
  await recordSupportAudit(deps, session.id, 'exported', staffUserId);
  const text = sessionFileText({
    header: { kind: 'session', sessionId: session.id, userId: session.userId, exportedAt: deps.clock.now().toISOString() },
    entries,
    events: events.map(eventLine),
  });
  return { fileName: `beatcrate-session-${session.id}.jsonl`, text };
}

/**
 * Stores an exported session so it opens in the console like one recorded here (a developer's
 * machine reproducing a buyer's bug). Its events are kept beside it, not appended to the event
 * store: they are another shop's history. The account id stays behind, as it names nobody here.
 * A bad file, or a session already stored, changes nothing.
 */
export async function importSupportSession(deps: Deps, text: string): Promise<{ sessionId: string; entries: number; events: number }> {
  let file;
  try {
    file = parseSessionFile(text);
  } catch (error) {
    if (error instanceof SessionFileError) throw new HttpError(400, `This is not a session file: ${error.message}`);
    throw error;
  }
  const { sessionId } = file.header;
  if (!SESSION_ID.test(sessionId)) throw new HttpError(400, 'The session line\'s sessionId must be letters, digits, - and _');
  if (file.entries.length === 0) throw new HttpError(400, 'The file holds no action lines to replay');
  const { maxEntriesPerSession } = deps.config.actionLog;
  if (file.entries.length > maxEntriesPerSession) throw new HttpError(413, `A session holds at most ${maxEntriesPerSession} entries; this file has ${file.entries.length}`);
  const events = file.events.map((line, index): SupportEvent => {
    const [error, data] = validate(line.data, ExportedEventData);
    if (error) throw new HttpError(400, `Event line ${index + 1}: its data is not an exported event (${error.message})`);
    return { position: line.position, at: line.recordedAt, streamId: line.streamId, type: line.type, summary: data.summary, data: data.fields };
  });
  const times = file.entries.map((entry) => Date.parse(entry.at));
  const summary = summarizeEntries(file.entries);
  try {
    await deps.database.transaction(async (tx) => {
      await tx
        .insertInto('action_log_sessions')
        .values({
          id: sessionId,
          user_id: null,
          started_at: Math.min(...times),
          last_seen_at: Math.max(...times),
          entry_count: file.entries.length,
          page_count: summary.pageCount,
          viewport_width: summary.viewportWidth,
          failed_requests: summary.failedRequests,
          error_count: summary.errorCount,
          imported_at: deps.clock.now().getTime(),
        })
        .execute();
      await tx
        .insertInto('action_log_entries')
        .values(file.entries.map((entry) => ({ session_id: sessionId, seq: entry.seq, at: entry.at, type: entry.type, payload: entry.payload === undefined ? null : JSON.stringify(entry.payload) })))
        .execute();
      await tx.updateTable('action_log_usage').set((eb) => ({ entries: eb('entries', '+', file.entries.length) })).where('id', '=', 1).execute();
      if (events.length > 0) {
        await tx
          .insertInto('support_imported_events')
          .values(events.map((event) => ({ session_id: sessionId, position: event.position, view: JSON.stringify(event) })))
          .execute();
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, `Session ${sessionId} is already stored here: open it from the search`);
    throw error;
  }
  return { sessionId, entries: file.entries.length, events: events.length };
}

export async function readImportedEvents(deps: Pick<AppDeps, 'database'>, sessionId: string): Promise<SupportEvent[]> {
  const rows = await deps.database.query.selectFrom('support_imported_events').select('view').where('session_id', '=', sessionId).orderBy('position').execute();
  return rows.map((row) => decodeStored(row.view, SupportEventSchema, 'imported event'));
}
