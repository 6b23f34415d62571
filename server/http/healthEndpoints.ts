import type { Health } from '../../shared/schemas/health';
import type { Endpoint } from './endpoint';

export const healthEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/health',
    access: 'anyone',
    async handle(_request, { database }) {
      try {
        await database.ping();
        return { body: { status: 'ok', database: database.kind } satisfies Health };
      } catch {
        return { status: 503, body: { status: 'degraded', database: database.kind } satisfies Health };
      }
    },
  },
];
