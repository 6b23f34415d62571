import { ActionLogBatchSchema } from '../../shared/actionLog/entry';
import { recordActionLogBatch } from '../actionLog/actionLogStore';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';

export const actionLogEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'POST',
    path: '/action-log',
    access: 'anyone',
    input: {
      body: ActionLogBatchSchema,
      bodyName: 'action-log batch',
      // Parsed, checked and redacted on a worker thread (README "Where the action log lives"); sendBeacon's text/plain body too (server/app.ts).
      decodeBody: (bytes, deps) => deps.actionLogDecoder.decode(bytes),
    },
    async handle({ body: batch, context }, deps) {
      if (!deps.actionLogTickets.verify(batch)) throw new HttpError(403, 'This action log was not issued to this page');
      const result = await recordActionLogBatch(deps.database, deps.config.actionLog, {
        sessionId: batch.sessionId,
        entries: batch.entries,
        userId: context.session?.user.id ?? null,
        addressKey: deps.actionLogTickets.addressKey(context.ip),
        now: deps.clock.now(),
      });
      return { status: 201, body: result };
    },
  }),
];
