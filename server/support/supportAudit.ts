import { integer, object } from 'superstruct';
import type { SupportAudit } from '../../shared/schemas/support';
import type { AppDeps } from '../appDeps';
import { eventCodec } from '../eventStore/eventCodec';
import type { NewEvent } from '../eventStore/eventStore';

export type SupportSessionViewed = NewEvent<'SupportSessionViewed', { by: number }>;
export type SupportSessionExported = NewEvent<'SupportSessionExported', { by: number }>;
type SupportAuditEvent = SupportSessionViewed | SupportSessionExported;

const auditCodec = eventCodec<SupportAuditEvent>({
  SupportSessionViewed: object({ by: integer() }),
  SupportSessionExported: object({ by: integer() }),
});

/** One stream per recorded session: who of the staff opened or exported it, and when. */
const auditStreamId = (sessionId: string) => `supportSession-${sessionId}`;

type Deps = Pick<AppDeps, 'eventStore'>;

/** Issue 12 "Privacy and trust": every view and export of a session by staff is itself an event. */
export async function recordSupportAudit(deps: Deps, sessionId: string, action: SupportAudit['action'], by: number): Promise<void> {
  const event: SupportAuditEvent = action === 'viewed' ? { type: 'SupportSessionViewed', data: { by } } : { type: 'SupportSessionExported', data: { by } };
  await deps.eventStore.append(auditStreamId(sessionId), [event], { expectedVersion: 'any' });
}

export async function readSupportAudits(deps: Deps, sessionId: string): Promise<SupportAudit[]> {
  const events = await deps.eventStore.readStream(auditStreamId(sessionId));
  return events.map((recorded) => {
    const event = auditCodec.decode(recorded);
    return { action: event.type === 'SupportSessionViewed' ? 'viewed' : 'exported', by: event.data.by, at: event.recordedAt };
  });
}
