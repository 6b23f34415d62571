import type { StaffRole } from '../../shared/domain/auth/roles';
import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { userDecider } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';
import { findCredentials, normalizeEmail } from './credentials';
import { revokeAllSessions } from './sessions';

export type RoleChange = 'granted' | 'revoked' | 'unchanged';

export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(`No account has the email ${email}`);
    this.name = 'UnknownAccountError';
  }
}

type RoleDeps = Pick<AppDeps, 'database' | 'eventStore' | 'clock'>;

async function userIdOf(deps: RoleDeps, email: string): Promise<number> {
  const credentials = await findCredentials(deps.database, normalizeEmail(email));
  if (!credentials) throw new UnknownAccountError(email);
  return credentials.user_id;
}

export async function grantRole(deps: RoleDeps, email: string, role: StaffRole): Promise<RoleChange> {
  const userId = await userIdOf(deps, email);
  const { events } = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'GrantRole', userId, role });
  return events.length > 0 ? 'granted' : 'unchanged';
}

/**
 * Takes a staff role back. The user's sessions end before the event is appended, so a request
 * or an account stream that sees the event finds no session left: the next request is a guest's.
 */
export async function revokeRole(deps: RoleDeps, email: string, role: StaffRole): Promise<RoleChange> {
  const userId = await userIdOf(deps, email);
  const { state } = await aggregateStream(deps.eventStore, userStreamId(userId), userDecider);
  if (state.status !== 'registered' || !state.profile.roles.includes(role)) return 'unchanged';
  await deps.database.transaction((tx) => revokeAllSessions(tx, userId, deps.clock.now().getTime()));
  const { events } = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'RevokeRole', userId, role });
  return events.length > 0 ? 'revoked' : 'unchanged';
}
