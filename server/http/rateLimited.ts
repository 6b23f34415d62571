import { type Options, rateLimit } from 'express-rate-limit';
import type { AppDeps } from '../appDeps';
import { DatabaseRateLimitStore } from './rateLimitStore';

/**
 * Every rate limit of the server, counted in the database so it holds across servers. `name`
 * keeps each limiter's counts apart; the answer past the limit is 429 with `message`.
 */
export function rateLimited(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  name: string,
  options: Pick<Options, 'windowMs' | 'limit'> & Partial<Pick<Options, 'skip'>> & { message: { statusCode: 429; message: string } },
) {
  return rateLimit({ ...options, standardHeaders: 'draft-8', legacyHeaders: false, store: new DatabaseRateLimitStore(deps.database, deps.clock, name) });
}
