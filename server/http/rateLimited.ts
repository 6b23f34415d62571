import { type Options, rateLimit } from 'express-rate-limit';
import type { AppDeps } from '../appDeps';
import { noteRefusal } from '../logging/refusedRequests';
import { DatabaseRateLimitStore } from './rateLimitStore';

type LimitOptions = Pick<Options, 'windowMs' | 'limit'> & Partial<Pick<Options, 'skip'>> & { message: { statusCode: 429; message: string } };

/**
 * A rate limit counted in the database so it holds across servers. `name` keeps each limiter's
 * counts apart; the answer past the limit is 429 with `message`.
 */
export function rateLimited(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  name: string,
  options: LimitOptions,
) {
  return rateLimit({ ...options, ...answeredWithMessage(options), standardHeaders: 'draft-8', legacyHeaders: false, store: new DatabaseRateLimitStore(deps.database, deps.clock, name) });
}

/**
 * A rate limit counted in this process's memory: for a limit that guards the process's own
 * work on each request, where a count in the database would be a write transaction (and, on
 * SQLite, an fsync on the writer checkout needs) for every request it counts.
 */
export function processRateLimited(options: LimitOptions) {
  return rateLimit({ ...options, ...answeredWithMessage(options), standardHeaders: 'draft-8', legacyHeaders: false });
}

/** Past the limit: 429 with the limit's message, which the request's line (server/logging/refusedRequests.ts) gives as its reason. */
function answeredWithMessage(options: LimitOptions): Pick<Options, 'handler'> {
  return {
    handler: (_request, response) => {
      noteRefusal(response, options.message.message);
      response.status(options.message.statusCode).json(options.message);
    },
  };
}
