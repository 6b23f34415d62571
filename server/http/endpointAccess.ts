import { requireSession } from '../auth/requireUser';
import type { AccountSession } from '../auth/sessions';
import { type Endpoint, HttpError } from './endpoint';

/** The answer to a call the API does not have; a role a call is unknown to gets exactly this. */
export const noSuchCall = (method: string, path: string) => new HttpError(404, `No API call ${method} ${path}`);

/**
 * The one check of an endpoint's `access`, made by the HTTP router and the in-process API before
 * the request is read any further, so nothing about a call leaks to whom it is unknown.
 */
export function authorize(endpoint: Pick<Endpoint, 'access' | 'loginMessage' | 'method'>, session: AccountSession | null | undefined, path: string): void {
  const { access } = endpoint;
  if (access === 'anyone') return;
  if (access === 'member') {
    if (!session) throw new HttpError(401, endpoint.loginMessage ?? 'Unauthorized');
    requireSession(session);
    return;
  }
  if (!session || session.blocked || !access.some((role) => session.user.roles.includes(role))) throw noSuchCall(endpoint.method, path);
}
