import type { User } from '../../shared/schemas/auth';
import { type EndpointRequest, HttpError } from '../http/endpoint';
import type { AccountSession } from './sessions';

export const ACCOUNT_BLOCKED = 'This account has been blocked';

/** The request's live, unblocked session: 401 without one, 403 for a blocked account (SPEC §8 "Health check"). */
export function requireSession(session: AccountSession | null | undefined): AccountSession {
  if (!session) throw new HttpError(401, 'Unauthorized');
  if (session.blocked) throw new HttpError(403, ACCOUNT_BLOCKED);
  return session;
}

/** For endpoints that need a logged-in user. */
export function requireUser(request: Pick<EndpointRequest, 'context'>): User {
  return requireSession(request.context.session).user;
}
