import type { Health } from '../../shared/schemas/health';
import { defineEndpoint, type Endpoint } from './endpoint';

export const healthEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/health',
    access: 'anyone',
    input: {},
    async handle(_request, { database }) {
      try {
        await database.ping();
        return { body: { status: 'ok', database: database.kind } satisfies Health };
      } catch {
        return { status: 503, body: { status: 'degraded', database: database.kind } satisfies Health };
      }
    },
  }),
];
