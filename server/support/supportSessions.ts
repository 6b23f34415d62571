import type { Role } from '../../shared/domain/auth/roles';
import type { SupportDownload, SupportEvent, SupportSessionDetail, SupportSessionRow, SupportStepView } from '../../shared/schemas/support';
import type { RootState } from '../../shared/store/rootReducer';
import type { AppDeps } from '../appDeps';
import { readActionLogRows, type StoredEntry } from '../actionLog/actionLogStore';
import { HttpError } from '../http/endpoint';
import { readImportedEvents } from './sessionTransfer';
import { sessionBuyer } from './sessionBuyer';
import { readSessionDownloads } from './sessionDownloads';
import { readSessionEvents } from './sessionEvents';
import { findSession, SESSION_ID } from './sessionSearch';
import { readSupportAudits, recordSupportAudit } from './supportAudit';

type ReadDeps = Pick<AppDeps, 'database' | 'actionLogs' | 'eventStore'>;
type Deps = ReadDeps & Pick<AppDeps, 'supportReplays'>;

export const NO_SUCH_SESSION = 'No recorded session has this id (logs expire after their configured age)';

export async function requireSession(deps: ReadDeps, sessionId: string): Promise<SupportSessionRow> {
  if (!SESSION_ID.test(sessionId)) throw new HttpError(400, 'Invalid session id: letters, digits, - and _, at most 100');
  const session = await findSession(deps, sessionId);
  if (!session) throw new HttpError(404, NO_SUCH_SESSION);
  return session;
}

/** The server's side of a session: from the event store, or from the file an imported session came in. */
export async function sessionEventsOf(deps: ReadDeps, session: SupportSessionRow): Promise<SupportEvent[]> {
  if (session.imported) return readImportedEvents(deps, session.id);
  return readSessionEvents(deps, { id: session.id, userId: session.userId, startedAt: Date.parse(session.startedAt), lastSeenAt: Date.parse(session.lastSeenAt) });
}

/** The files served from the session's orders while it was open; an imported file carries none. */
async function sessionDownloadsOf(deps: ReadDeps, session: SupportSessionRow): Promise<SupportDownload[]> {
  if (session.imported) return [];
  return readSessionDownloads(deps, { id: session.id, userId: session.userId, startedAt: Date.parse(session.startedAt), lastSeenAt: Date.parse(session.lastSeenAt) });
}

/**
 * A session's page: its timeline, the server's events and the downloads beside it, who recorded
 * it (as far as the staff member's role may know), and who of the staff has looked. Opening it is recorded first.
 */
export async function openSupportSession(deps: Deps, sessionId: string, staff: { id: number; role: Role | null }): Promise<SupportSessionDetail> {
  const session = await requireSession(deps, sessionId);
  await recordSupportAudit(deps, session.id, 'viewed', staff.id);
  const [log, events, downloads, buyer, audits] = await Promise.all([
    readActionLogRows(deps.actionLogs.query, session.id, { maxChars: deps.supportReplays.maxLogChars }),
    sessionEventsOf(deps, session),
    sessionDownloadsOf(deps, session),
    sessionBuyer(deps, session, staff.role),
    readSupportAudits(deps, session.id),
  ]);
  const { steps, divergedAt, missing, viewport, stopped } = await deps.supportReplays.timeline(log.rows, log.cut);
  return { session, steps, events, downloads, buyer, divergedAt, missing, audits, viewport, stopped };
}

/** The log from its start through step `seq`, as much of it as a replay reads, and the step's time. */
async function logThrough(deps: Deps, session: SupportSessionRow, seq: number): Promise<{ rows: StoredEntry[]; at: string }> {
  const { rows, cut } = await readActionLogRows(deps.actionLogs.query, session.id, { throughSeq: seq, maxChars: deps.supportReplays.maxLogChars });
  const last = rows.at(-1);
  if (last?.seq === seq) return { rows, at: last.at };
  if (cut) throw new HttpError(422, `Step ${seq} could not be replayed: it comes after as much of the log as a replay reads`);
  throw new HttpError(404, `This session has no step ${seq}`);
}

/** The tab's state right after step `seq`, as this build's reducers replay it (on the replay thread). */
export async function replayedStateAt(deps: Deps, sessionId: string, seq: number): Promise<{ session: SupportSessionRow; state: RootState; at: string }> {
  const session = await requireSession(deps, sessionId);
  const { rows, at } = await logThrough(deps, session, seq);
  return { session, state: await deps.supportReplays.state(rows, seq), at };
}

export async function supportStep(deps: Deps, sessionId: string, seq: number): Promise<SupportStepView> {
  const session = await requireSession(deps, sessionId);
  const [{ rows }, events] = await Promise.all([logThrough(deps, session, seq), sessionEventsOf(deps, session)]);
  return deps.supportReplays.step(rows, seq, events);
}

export function parseStep(text: string): number {
  if (!/^\d{1,9}$/.test(text)) throw new HttpError(400, `Invalid step: ${JSON.stringify(text.slice(0, 20))} is not a step number`);
  return Number(text);
}
