import { ActionLogBatchSchema } from '../../shared/actionLog/entry';
import { defineEndpoint, type Endpoint } from './endpoint';

export const actionLogEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'POST',
    path: '/action-log',
    access: 'anyone',
    input: {
      body: ActionLogBatchSchema,
      bodyName: 'action-log batch',
      // Parsed, checked, redacted and stored off the event loop (server/actionLog/README.md "Where the action log lives"); sendBeacon's text/plain body too (server/app.ts).
      bytesBody: true,
    },
    async handle({ body: bytes, context }, deps) {
      const result = await deps.actionLogs.record(bytes, {
        userId: context.session?.user.id ?? null,
        addressKey: deps.actionLogTickets.addressKey(context.ip),
        now: deps.clock.now(),
      });
      return { status: 201, body: result };
    },
  }),
];
