import type { AdminRolesAnswer } from '../../shared/schemas/adminLists';
import type { AppDeps } from '../appDeps';
import { grantRoleTo, revokeRoleFrom } from '../auth/staffRoles';

/**
 * The admin console's grant and revocation of the moderator role (issue 12, "Staff accounts"),
 * the same commands `npm run users` runs, with the acting admin recorded as `by`. The admin role
 * is not the console's to give: its route names only `moderator`. The answer waits for the users
 * read model, so the account's next login, and the detail page read again, see the change.
 */
export async function changeModeratorRole(deps: AppDeps, change: 'grant' | 'revoke', userId: number, adminId: number): Promise<AdminRolesAnswer> {
  const run = change === 'grant' ? grantRoleTo : revokeRoleFrom;
  const { roles, lastPosition } = await run(deps, userId, 'moderator', { by: adminId });
  if (lastPosition !== null) await deps.projector.waitFor(lastPosition);
  return { roles };
}
