import type { AppDeps } from '../appDeps';
import { handleCommand } from '../domain/commandHandler';
import { userDecider } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';
import { HttpError } from '../http/endpoint';
import { passwordResetMail } from '../mail/accountMails';
import { claimAccountMail } from '../mail/accountMailQuota';
import { deliverMail } from '../mail/mailer';
import { consumeAccountToken, isAccountTokenUsable, issueAccountToken, voidAccountTokens } from './accountTokens';
import { findCredentials, normalizeEmail } from './credentials';
import { forgetAccountFailures } from './loginThrottle';
import { hashPassword } from './passwordHashing';
import { revokeAllSessions } from './sessions';
import { loadAccount } from './userRecords';

export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired';

/**
 * Mails a reset link when the email has an account and has not had its fill of account mails
 * this hour; the caller answers the same either way.
 */
export async function requestPasswordReset(deps: AppDeps, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const credentials = await findCredentials(deps.database, email);
  const account = credentials && (await loadAccount(deps, credentials.user_id));
  if (!credentials || !account || !(await claimAccountMail(deps, email, 'password-reset'))) return;
  const now = deps.clock.now().getTime();
  const token = await deps.database.transaction((tx) =>
    issueAccountToken(tx, { userId: credentials.user_id, purpose: 'password-reset', now }),
  );
  const confirmedName = account.user.emailConfirmed ? account.user.firstName : null;
  await deliverMail(deps, passwordResetMail(email, confirmedName, deps.config.publicUrl, token));
}

export async function assertResetTokenUsable(deps: AppDeps, token: string): Promise<void> {
  if (!(await isAccountTokenUsable(deps.database, token, 'password-reset', deps.clock.now().getTime()))) {
    throw new HttpError(400, RESET_LINK_INVALID);
  }
}

/**
 * Sets the new password, uses up this link and any older ones, and ends every session of the
 * account: whoever knew the old password is logged out everywhere. Only the owner of the address
 * gets the link, so it also lifts the failed-login lock a stranger's guesses may have set.
 */
export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<void> {
  // Checked before hashing, so invalid links cost no scrypt work; the UPDATE below decides.
  await assertResetTokenUsable(deps, token);
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now().getTime();
  const userId = await deps.database.transaction(async (tx) => {
    const owner = await consumeAccountToken(tx, token, 'password-reset', now);
    if (owner === null) return null;
    await tx.updateTable('user_credentials').set({ password_hash: passwordHash }).where('user_id', '=', owner).execute();
    await voidAccountTokens(tx, owner, 'password-reset', now);
    await revokeAllSessions(tx, owner, now);
    const owned = await tx.selectFrom('user_credentials').select('email').where('user_id', '=', owner).executeTakeFirstOrThrow();
    await forgetAccountFailures(tx, owned.email);
    return owner;
  });
  if (userId === null) throw new HttpError(400, RESET_LINK_INVALID);
  await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'RecordPasswordChange', userId });
}
