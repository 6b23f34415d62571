import { ActionLogBatchSchema } from '../../shared/actionLog/entry';
import { redact } from '../../shared/actionLog/redact';
import { recordActionLogBatch } from '../actionLog/actionLogStore';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';

export const actionLogEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'POST',
    path: '/action-log',
    access: 'anyone',
    // sendBeacon's text/plain body is parsed as JSON by the app (server/app.ts), like any other.
    input: { body: ActionLogBatchSchema, bodyName: 'action-log batch' },
    async handle({ body: batch, context }, deps) {
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
  }),
];
