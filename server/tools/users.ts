import { effectiveRole, STAFF_ROLES, type StaffRole } from '../../shared/domain/auth/roles';
import { grantRoleTo, revokeRoleFrom, UnknownAccountError, userIdByEmail } from '../auth/staffRoles';
import { openDatabase } from '../db/openDatabase';
import { createEventStore } from '../eventStore/createEventStore';
import { Projector } from '../projections/projector';
import { usersProjection } from '../projections/usersProjection';
import { systemClock } from '../services';
import { runAsScript, type Tool, UsageError } from './tool';

const USAGE = `Usage: npm run users -- grant|revoke ${STAFF_ROLES.join('|')} <email>`;

function parseArguments(args: readonly string[]): { action: 'grant' | 'revoke'; role: StaffRole; email: string } {
  const [action, role, email, ...rest] = args;
  if (action !== 'grant' && action !== 'revoke') throw new UsageError(`Unknown action "${action ?? ''}". ${USAGE}`);
  if (!(STAFF_ROLES as readonly string[]).includes(role ?? '')) {
    throw new UsageError(`The role must be ${STAFF_ROLES.join(' or ')}, got "${role ?? ''}". ${USAGE}`);
  }
  if (!email || !email.includes('@') || rest.length > 0) throw new UsageError(`Give one email address. ${USAGE}`);
  return { action, role: role as StaffRole, email };
}

/**
 * `npm run users -- grant admin <email>` (or moderator), `revoke moderator|admin <email>`: makes
 * an account staff or takes the role back, on the database of DATABASE_URL. A revocation ends
 * every session of the account at once, unless the account keeps a higher role. Admins grant and
 * revoke the moderator role in the console too (server/admin/staffRoleConsole.ts); the admin role
 * is given only here.
 */
export const usersTool: Tool = {
  name: 'users',
  usageErrors: [UnknownAccountError],
  async run(args, { databaseUrl, print }) {
    const { action, role, email } = parseArguments(args);
    const database = await openDatabase(databaseUrl);
    const eventStore = createEventStore(database, { now: () => systemClock.now() });
    try {
      const deps = { database, eventStore, clock: systemClock };
      const userId = await userIdByEmail(deps, email);
      const { change, roles, sessionsEnded } = action === 'grant' ? await grantRoleTo(deps, userId, role) : await revokeRoleFrom(deps, userId, role);
      // The users table answers who is staff; it is current when this command returns.
      await new Projector(database, eventStore, [usersProjection]).catchUp();
      const messages = {
        granted: `${email} is now ${role}.`,
        revoked: `${email} is no longer ${role}; ${sessionsEnded ? 'their sessions have ended' : `they are still ${effectiveRole(roles)}, so their sessions go on`}.`,
        unchanged: action === 'grant' ? `${email} already is ${role}; nothing changed.` : `${email} is not ${role}; nothing changed.`,
      };
      print(messages[change]);
    } finally {
      await eventStore.close();
      await database.close();
    }
  },
};

if (require.main === module) runAsScript(usersTool);
