import { boolean, number, object, record, string, union, validate } from 'superstruct';
import { parseSessionFile, SessionFileError, type SessionEventLine, sessionFileText } from '../../shared/actionLog/sessionFile';
import { type SupportEvent, SupportEventSchema } from '../../shared/schemas/support';
import type { Role } from '../../shared/domain/auth/roles';
import type { AppDeps } from '../appDeps';
import { readActionLog } from '../actionLog/actionLogStore';
import { summarizeEntries } from '../actionLog/sessionSummary';
import { decodeStored } from '../db/storedJson';
import { HttpError } from '../http/endpoint';
import { SESSION_ID } from './sessionSearch';
import { requireSession, sessionEventsOf } from './supportSessions';
import { visibleEntries } from './staffVisibility';
import { recordSupportAudit } from './supportAudit';

type Deps = Pick<AppDeps, 'database' | 'actionLogs' | 'eventStore' | 'clock' | 'config'>;

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
 * A session as a JSON Lines file: the log's entries (redacted when they were recorded; those of
 * pages the staff member's role may not open left out) and the server's events as support sees
 * them (no addresses, tokens or secrets). The export is recorded.
 */
export async function exportSupportSession(deps: Deps, sessionId: string, staffUserId: number, role: Role | null): Promise<{ fileName: string; text: string }> {
  const session = await requireSession(deps, sessionId);
  const [entries, events] = await Promise.all([readActionLog(deps.actionLogs.query, session.id), sessionEventsOf(deps, session)]);
  await recordSupportAudit(deps, session.id, 'exported', staffUserId);
  const text = sessionFileText({
    header: { kind: 'session', sessionId: session.id, userId: session.userId, exportedAt: deps.clock.now().toISOString() },
    entries: await visibleEntries(deps, session.id, entries, role),
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
  await deps.actionLogs.importSession({
    sessionId,
    entries: file.entries.map((entry) => ({ seq: entry.seq, at: entry.at, type: entry.type, payload: entry.payload === undefined ? null : JSON.stringify(entry.payload) })),
    events: events.map((event) => ({ position: event.position, view: JSON.stringify(event) })),
    summary: summarizeEntries(file.entries),
    startedAt: Math.min(...times),
    lastSeenAt: Math.max(...times),
    importedAt: deps.clock.now().getTime(),
  });
  return { sessionId, entries: file.entries.length, events: events.length };
}

export async function readImportedEvents(deps: Pick<AppDeps, 'actionLogs'>, sessionId: string): Promise<SupportEvent[]> {
  const rows = await deps.actionLogs.query.selectFrom('support_imported_events').select('view').where('session_id', '=', sessionId).orderBy('position').execute();
  return rows.map((row) => decodeStored(row.view, SupportEventSchema, 'imported event'));
}
