import type { LoginRequest, User } from '../../shared/schemas/auth';
import type { AppDeps } from '../appDeps';
import { handleCommand } from '../domain/commandHandler';
import { userDecider } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';
import { HttpError, type ResponseCookie } from '../http/endpoint';
import { findCredentials, normalizeEmail } from './credentials';
import { deviceHashOf, rememberDevice } from './knownDevices';
import { forgetAccountFailures, releaseLoginAttempt, reserveLoginAttempt, TOO_MANY_FAILED_LOGINS } from './loginThrottle';
import { verifyAgainstDecoy, verifyPassword } from './passwordHashing';
import { ACCOUNT_BLOCKED } from './requireUser';
import { type AccountSession, revokeSession, startSession } from './sessions';
import { loadAccount } from './userRecords';

export const LOGIN_INCORRECT = 'Email or password is incorrect';

/**
 * Checks the password and opens a new session in place of the request's own, and remembers the
 * browser as a known device of the account. An unknown email and a wrong password get the same
 * answer after the same scrypt work.
 */
export async function logIn(
  deps: AppDeps,
  request: LoginRequest,
  from: { ip: string; previousSessionId: string | null; cookies: Record<string, string | undefined>; userAgent?: string | undefined },
): Promise<{ user: User; sessionToken: string; deviceCookie: ResponseCookie }> {
  const email = normalizeEmail(request.email);
  const now = deps.clock.now().getTime();
  const attempt = { email, ip: from.ip, now, deviceHash: deviceHashOf(from.cookies) };
  const reserved = await reserveLoginAttempt(deps.database, attempt);
  if (reserved === null) throw new HttpError(429, TOO_MANY_FAILED_LOGINS);

  const credentials = await findCredentials(deps.database, email);
  const passwordMatches = credentials
    ? await verifyPassword(request.password, credentials.password_hash)
    : await verifyAgainstDecoy(request.password);
  const account = credentials && passwordMatches ? await loadAccount(deps, credentials.user_id) : null;
  if (!credentials || !account) throw new HttpError(401, LOGIN_INCORRECT);
  if (account.blocked) throw new HttpError(403, ACCOUNT_BLOCKED);

  const { sessionToken, deviceCookie } = await deps.database.transaction(async (tx) => {
    await releaseLoginAttempt(tx, reserved);
    await forgetAccountFailures(tx, email);
    return {
      sessionToken: await startSession(tx, { userId: credentials.user_id, persistent: request.remember === true, now, replacing: from.previousSessionId, userAgent: from.userAgent }),
      deviceCookie: await rememberDevice(tx, { cookies: from.cookies, userId: credentials.user_id, now }),
    };
  });
  await handleCommand(deps.eventStore, userStreamId(credentials.user_id), userDecider, { type: 'RecordLogin', userId: credentials.user_id });
  return { user: account.user, sessionToken, deviceCookie };
}

/** Ends the request's session; the UserLoggedOut event tells its open account streams. */
export async function logOut(deps: AppDeps, session: AccountSession | null | undefined): Promise<void> {
  if (!session) return;
  await deps.database.transaction((tx) => revokeSession(tx, session.id, deps.clock.now().getTime()));
  await handleCommand(deps.eventStore, userStreamId(session.user.id), userDecider, { type: 'RecordLogout', userId: session.user.id });
}
