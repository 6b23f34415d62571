import { effectiveRole, type Role, ROLES, type StaffRole } from '../../shared/domain/auth/roles';
import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { DomainError } from '../domain/decider';
import { type RegisteredUser, userDecider, type UserState } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';
import { findCredentials, normalizeEmail } from './credentials';
import { revokeAllSessions } from './sessions';

export type RoleChange = 'granted' | 'revoked' | 'unchanged';

/** What a grant or a revocation did, and where the store is after it, for callers that wait for the read models. */
export interface RoleOutcome {
  change: RoleChange;
  /** The account's roles after the command. */
  roles: Role[];
  /** Whether the account's sessions were ended (a revocation of the highest role it had). */
  sessionsEnded: boolean;
  /** The position of the event written; null when nothing was. */
  lastPosition: number | null;
}

export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(`No account has the email ${email}`);
    this.name = 'UnknownAccountError';
  }
}

type RoleDeps = Pick<AppDeps, 'database' | 'eventStore' | 'clock'>;

/** `by`: the admin acting in the console, recorded in the event; absent for `npm run users`. */
export interface RoleActor {
  by?: number;
}

export async function userIdByEmail(deps: Pick<AppDeps, 'database'>, email: string): Promise<number> {
  const credentials = await findCredentials(deps.database, normalizeEmail(email));
  if (!credentials) throw new UnknownAccountError(email);
  return credentials.user_id;
}

const rolesOf = (state: UserState): Role[] => (state.status === 'registered' ? state.profile.roles : []);

/** Grants a staff role to the account `userId`; a repeat changes nothing. Unknown or erased: 404; blocked: 409 (the decider). */
export async function grantRoleTo(deps: RoleDeps, userId: number, role: StaffRole, { by }: RoleActor = {}): Promise<RoleOutcome> {
  const { events, state, position } = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'GrantRole', userId, role, by });
  return { change: events.length > 0 ? 'granted' : 'unchanged', roles: rolesOf(state), sessionsEnded: false, lastPosition: position };
}

/**
 * Takes a staff role back from the account `userId`. The user's sessions end before the event is
 * appended, so a request or an account stream that sees the event finds no session left: the next
 * request is a guest's. An account that keeps a higher role (an admin losing the moderator role)
 * can do no less than before, so its sessions go on.
 */
export async function revokeRoleFrom(deps: RoleDeps, userId: number, role: StaffRole, { by }: RoleActor = {}): Promise<RoleOutcome> {
  const user = await registeredUser(deps, userId);
  if (!user.profile.roles.includes(role)) return { change: 'unchanged', roles: user.profile.roles, sessionsEnded: false, lastPosition: null };
  const sessionsEnded = !keepsHigherRole(user.profile.roles, role);
  if (sessionsEnded) await deps.database.transaction((tx) => revokeAllSessions(tx, userId, deps.clock.now().getTime()));
  const { events, state, position } = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'RevokeRole', userId, role, by });
  return { change: events.length > 0 ? 'revoked' : 'unchanged', roles: rolesOf(state), sessionsEnded, lastPosition: position };
}

async function registeredUser(deps: RoleDeps, userId: number): Promise<RegisteredUser> {
  const { state } = await aggregateStream(deps.eventStore, userStreamId(userId), userDecider);
  // The decider's words for a grant to no one, so both calls answer alike.
  if (state.status !== 'registered') throw new DomainError(`User ${userId} does not exist`, 404);
  return state;
}

function keepsHigherRole(roles: readonly Role[], revoked: StaffRole): boolean {
  const remaining = effectiveRole(roles.filter((role) => role !== revoked));
  return remaining !== null && ROLES.indexOf(remaining) > ROLES.indexOf(revoked);
}

/** A grant by email, as the tests and benches name their staff accounts. */
export async function grantRole(deps: RoleDeps, email: string, role: StaffRole): Promise<RoleChange> {
  return (await grantRoleTo(deps, await userIdByEmail(deps, email), role)).change;
}
