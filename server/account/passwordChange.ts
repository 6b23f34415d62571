import type { PasswordChange } from '../../shared/schemas/account';
import type { AppDeps } from '../appDeps';
import { voidAccountTokens } from '../auth/accountTokens';
import { hashPassword } from '../auth/passwordHashing';
import type { AccountSession } from '../auth/sessions';
import { handleCommand } from '../domain/commandHandler';
import { userDecider } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';
import type { RequestContext } from '../http/endpoint';
import { checkCurrentPassword } from './currentPassword';

/**
 * Sets the new password and ends every OTHER session at once: whoever else knew the old password
 * is logged out, while the holder stays logged in here. Open reset links die with the old
 * password. PasswordChanged tells the other sessions' account streams to close.
 */
export async function changePassword(deps: AppDeps, session: AccountSession, context: RequestContext, change: PasswordChange): Promise<void> {
  await checkCurrentPassword(deps, session, context, change.currentPassword);
  const passwordHash = await hashPassword(change.password);
  const userId = session.user.id;
  const now = deps.clock.now().getTime();
  await deps.database.transaction(async (tx) => {
    await tx.updateTable('user_credentials').set({ password_hash: passwordHash }).where('user_id', '=', userId).execute();
    await voidAccountTokens(tx, userId, 'password-reset', now);
    await tx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('token_hash', '!=', session.id)
      .where('revoked_at', 'is', null)
      .execute();
  });
  await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'RecordPasswordChange', userId });
}
