import { ActionLogBatchSchema } from '../../shared/actionLog/entry';
import { redact } from '../../shared/actionLog/redact';
import { recordActionLogBatch } from '../actionLog/actionLogStore';
import { type Endpoint, HttpError, parseInput } from './endpoint';

export const actionLogEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/action-log',
    access: 'anyone',
    async handle({ body, context }, deps) {
      // sendBeacon posts text/plain to avoid a preflight; its text is the same JSON.
      const payload = typeof body === 'string' ? parseJson(body) : body;
      const batch = parseInput(payload, ActionLogBatchSchema, 'action-log batch');
      if (!deps.actionLogTickets.verify(batch)) throw new HttpError(403, 'This action log was not issued to this page');
      const result = await recordActionLogBatch(deps.database, deps.config.actionLog, {
        sessionId: batch.sessionId,
        entries: batch.entries.map((entry) => redact(entry)),
        userId: context.session?.user.id ?? null,
        addressKey: deps.actionLogTickets.addressKey(context.ip),
        now: deps.clock.now(),
      });
      return { status: 201, body: result };
    },
  },
];

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
