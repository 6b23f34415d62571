import type { EmailChangeRequest } from '../../shared/schemas/account';
import type { AppDeps } from '../appDeps';
import { issueAccountToken, voidAccountTokens } from '../auth/accountTokens';
import { normalizeEmail } from '../auth/credentials';
import { hashSecretToken, isWellFormedToken } from '../auth/secretTokens';
import type { AccountSession } from '../auth/sessions';
import { isUniqueViolation } from '../db/uniqueViolation';
import { handleCommand } from '../domain/commandHandler';
import { userDecider } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';
import type { RequestContext } from '../http/endpoint';
import { HttpError } from '../http/endpoint';
import { emailChangedMail, emailChangeMail, registrationAttemptMail } from '../mail/accountMails';
import { claimAccountMail } from '../mail/accountMailQuota';
import { deliverMail } from '../mail/mailer';
import { checkCurrentPassword } from './currentPassword';

export const SAME_EMAIL = 'This is already your email';
export const EMAIL_TAKEN_MEANWHILE = 'This email address has been taken by another account in the meantime';

/**
 * Mails a link to the new address; the account keeps its address until the link is followed
 * (`confirmEmailChange`). An address another account has gets, instead, the notice a repeated
 * registration gets, and the answer is the same: the form tells no one which addresses have accounts.
 */
export async function requestEmailChange(deps: AppDeps, session: AccountSession, context: RequestContext, request: EmailChangeRequest): Promise<string> {
  const { email: current } = await checkCurrentPassword(deps, session, context, request.currentPassword);
  const email = normalizeEmail(request.email);
  if (email === current) throw new HttpError(400, SAME_EMAIL, { errors: { email: SAME_EMAIL } });
  const taken = await deps.database.query.selectFrom('user_credentials').select('user_id').where('email', '=', email).executeTakeFirst();
  if (taken) {
    if (await claimAccountMail(deps, email, 'registration-attempt')) await deliverMail(deps, registrationAttemptMail(email, deps.config.publicUrl));
    return email;
  }
  if (!(await claimAccountMail(deps, email, 'email-change'))) return email;
  const now = deps.clock.now().getTime();
  const token = await deps.database.transaction(async (tx) => {
    // Only the newest request's link works: an address typed wrong first cannot be confirmed later.
    await voidAccountTokens(tx, session.user.id, 'email-change', now);
    return issueAccountToken(tx, { userId: session.user.id, purpose: 'email-change', now, newEmail: email });
  });
  await deliverMail(deps, emailChangeMail(email, deps.config.publicUrl, token));
  return email;
}

/**
 * Follows an email-change link: the credentials take the new address in the same transaction that
 * uses the link up, then EmailChanged (and, the link having proved the address, EmailConfirmed) is
 * recorded, and the old address is told. Null when the token is no email-change link.
 */
export async function confirmEmailChange(deps: AppDeps, token: string): Promise<'changed' | null> {
  if (!isWellFormedToken(token)) return null;
  const now = deps.clock.now().getTime();
  let change: { userId: number; oldEmail: string; newEmail: string } | null;
  try {
    change = await deps.database.transaction(async (tx) => {
      const row = await tx
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hashSecretToken(token))
        .where('purpose', '=', 'email-change')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'new_email'])
        .executeTakeFirst();
      if (!row || row.new_email === null) return null;
      const old = await tx.selectFrom('user_credentials').select('email').where('user_id', '=', row.user_id).executeTakeFirst();
      if (!old) return null;
      await tx.updateTable('user_credentials').set({ email: row.new_email }).where('user_id', '=', row.user_id).execute();
      return { userId: Number(row.user_id), oldEmail: old.email, newEmail: row.new_email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN_MEANWHILE);
    throw error;
  }
  if (!change) return null;
  const { userId } = change;
  const changed = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'ChangeEmail', userId, email: change.newEmail });
  const confirmed = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'ConfirmEmail', userId });
  const last = confirmed.append ?? changed.append;
  if (last) await deps.projector.waitFor(last.lastPosition);
  await deliverMail(deps, emailChangedMail(change.oldEmail, change.newEmail, deps.config.publicUrl));
  return 'changed';
}
