import type { SupportEvent, SupportSessionDetail, SupportSessionRow, SupportStepView } from '../../shared/schemas/support';
import type { RootState } from '../../shared/store/rootReducer';
import type { AppDeps } from '../appDeps';
import { readActionLog } from '../actionLog/actionLogStore';
import { HttpError } from '../http/endpoint';
import { readImportedEvents } from './sessionTransfer';
import { readSessionEvents } from './sessionEvents';
import { findSession, SESSION_ID } from './sessionSearch';
import { sessionTimeline, stateAtStep } from './sessionTimeline';
import { stepView } from './stepView';
import { readSupportAudits, recordSupportAudit } from './supportAudit';

type Deps = Pick<AppDeps, 'database' | 'actionLogs' | 'eventStore'>;

export const NO_SUCH_SESSION = 'No recorded session has this id (logs expire after their configured age)';

export async function requireSession(deps: Deps, sessionId: string): Promise<SupportSessionRow> {
  if (!SESSION_ID.test(sessionId)) throw new HttpError(400, 'Invalid session id: letters, digits, - and _, at most 100');
  const session = await findSession(deps, sessionId);
  if (!session) throw new HttpError(404, NO_SUCH_SESSION);
  return session;
}

/** The server's side of a session: from the event store, or from the file an imported session came in. */
export async function sessionEventsOf(deps: Deps, session: SupportSessionRow): Promise<SupportEvent[]> {
  if (session.imported) return readImportedEvents(deps, session.id);
  return readSessionEvents(deps, { id: session.id, userId: session.userId, startedAt: Date.parse(session.startedAt), lastSeenAt: Date.parse(session.lastSeenAt) });
}

/** A session's page: its timeline, the server's events beside it, and who of the staff has looked. Opening it is recorded first. */
export async function openSupportSession(deps: Deps, sessionId: string, staffUserId: number): Promise<SupportSessionDetail> {
  const session = await requireSession(deps, sessionId);
  await recordSupportAudit(deps, session.id, 'viewed', staffUserId);
  const [entries, events, audits] = await Promise.all([readActionLog(deps.actionLogs.query, session.id), sessionEventsOf(deps, session), readSupportAudits(deps, session.id)]);
  const { steps, divergedAt, missing, viewport } = sessionTimeline(entries);
  return { session, steps, events, divergedAt, missing, audits, viewport };
}

/** The tab's state right after step `seq`, as this build's reducers replay it. */
export async function replayedStateAt(deps: Deps, sessionId: string, seq: number): Promise<{ session: SupportSessionRow; state: RootState; at: string }> {
  const session = await requireSession(deps, sessionId);
  const entries = await readActionLog(deps.actionLogs.query, session.id);
  const entry = entries.find((candidate) => candidate.seq === seq);
  if (!entry) throw new HttpError(404, `This session has no step ${seq}`);
  const state = stateAtStep(entries, seq);
  if (!state) throw new HttpError(409, `Step ${seq} comes before the session's first page load, so there is no page to show`);
  return { session, state, at: entry.at };
}

export async function supportStep(deps: Deps, sessionId: string, seq: number): Promise<SupportStepView> {
  const { session, state, at } = await replayedStateAt(deps, sessionId, seq);
  return stepView(seq, at, state, await sessionEventsOf(deps, session));
}

export function parseStep(text: string): number {
  if (!/^\d{1,9}$/.test(text)) throw new HttpError(400, `Invalid step: ${JSON.stringify(text.slice(0, 20))} is not a step number`);
  return Number(text);
}
