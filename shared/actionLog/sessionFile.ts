import { assign, enums, type Infer, integer, literal, nullable, object, optional, string, type Struct, type, unknown, validate } from 'superstruct';
import { type ActionLogEntry, ActionLogEntrySchema } from './entry';

/**
 * A session as JSON Lines, the form it is exported in and imported or replayed from elsewhere: a
 * `session` line first, then its `action` lines (the log's entries) and `event` lines (the
 * server's domain events for that buyer and session), one JSON object a line.
 */
const SessionLine = object({ kind: literal('session'), sessionId: string(), userId: nullable(integer()), exportedAt: optional(string()) });
const ActionLine = assign(object({ kind: literal('action') }), ActionLogEntrySchema);
const EventLine = object({ kind: literal('event'), streamId: string(), position: integer(), type: string(), recordedAt: string(), data: unknown() });
const AnyLine = type({ kind: enums(['session', 'action', 'event'] as const) });

export type SessionHeader = Infer<typeof SessionLine>;
export type SessionEventLine = Infer<typeof EventLine>;

export interface SessionFile {
  header: SessionHeader;
  entries: ActionLogEntry[];
  events: SessionEventLine[];
}

/** A line that is not what the format says, with where it is: the import refuses the whole file. */
export class SessionFileError extends Error {}

const MAX_LINE_CHARS = 1024 * 1024;

export function parseSessionFile(text: string): SessionFile {
  const lines = text.split('\n').map((line, index) => ({ line: line.trim(), number: index + 1 })).filter(({ line }) => line !== '');
  if (lines.length === 0) throw new SessionFileError('The file is empty: a session file starts with a "session" line');
  let header: SessionHeader | null = null;
  const entries: ActionLogEntry[] = [];
  const events: SessionEventLine[] = [];
  const seen = new Set<number>();
  for (const { line, number } of lines) {
    if (line.length > MAX_LINE_CHARS) throw new SessionFileError(`Line ${number} is longer than ${MAX_LINE_CHARS} characters`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new SessionFileError(`Line ${number} is not JSON`);
    }
    const [kindError, kinded] = validate(value, AnyLine);
    if (kindError) throw new SessionFileError(`Line ${number}: "kind" must be session, action or event`);
    const check = <T>(schema: Struct<T, unknown>): T => {
      const [error, decoded] = validate(value, schema);
      if (error) {
        const failure = error.failures()[0] ?? error;
        throw new SessionFileError(`Line ${number} (${kinded.kind}): ${failure.path.join('.') || 'line'}: ${failure.message}`);
      }
      return decoded;
    };
    if (number === lines[0]!.number && kinded.kind !== 'session') throw new SessionFileError('The first line must be the "session" line');
    if (kinded.kind === 'session') {
      if (header) throw new SessionFileError(`Line ${number}: a file holds one session`);
      header = check(SessionLine);
    } else if (kinded.kind === 'action') {
      const { kind: _kind, ...entry } = check(ActionLine);
      if (seen.has(entry.seq)) throw new SessionFileError(`Line ${number}: action ${entry.seq} appears twice`);
      seen.add(entry.seq);
      entries.push(entry);
    } else {
      events.push(check(EventLine));
    }
  }
  return { header: header!, entries, events };
}

export function sessionFileText(file: SessionFile): string {
  const lines = [file.header, ...file.entries.map((entry) => ({ kind: 'action', ...entry })), ...file.events];
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}
