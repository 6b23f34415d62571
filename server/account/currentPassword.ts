import type { AppDeps } from '../appDeps';
import { releaseLoginAttempt, reserveLoginAttempt, TOO_MANY_FAILED_LOGINS } from '../auth/loginThrottle';
import { deviceHashOf } from '../auth/knownDevices';
import { verifyPassword } from '../auth/passwordHashing';
import type { AccountSession } from '../auth/sessions';
import { HttpError } from '../http/endpoint';
import type { RequestContext } from '../http/endpoint';

export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect';

/**
 * Checks the password the account has now before a change that needs it (email, password,
 * deletion). A guess counts as a failed login for the account and the address, so a stolen
 * session cannot try passwords here faster than at the login form.
 */
export async function checkCurrentPassword(deps: AppDeps, session: AccountSession, context: RequestContext, password: string): Promise<{ email: string }> {
  const credentials = await deps.database.query
    .selectFrom('user_credentials')
    .select(['email', 'password_hash'])
    .where('user_id', '=', session.user.id)
    .executeTakeFirstOrThrow();
  const now = deps.clock.now().getTime();
  const reserved = await reserveLoginAttempt(deps.database, { email: credentials.email, ip: context.ip, now, deviceHash: deviceHashOf(context.cookies) });
  if (reserved === null) throw new HttpError(429, TOO_MANY_FAILED_LOGINS);
  if (!(await verifyPassword(password, credentials.password_hash))) {
    throw new HttpError(400, CURRENT_PASSWORD_WRONG, { errors: { currentPassword: CURRENT_PASSWORD_WRONG } });
  }
  await deps.database.transaction((tx) => releaseLoginAttempt(tx, reserved));
  return { email: credentials.email };
}
