import type { RegisterRequest, User } from '../../shared/schemas/auth';
import type { AppDeps } from '../appDeps';
import { findCountry } from '../countries/countryList';
import { handleCommand } from '../domain/commandHandler';
import { toUser } from '../domain/user/userAnswer';
import { userDecider } from '../domain/user/userDecider';
import { type UserProfile, userStreamId } from '../domain/user/userEvents';
import { HttpError, type ResponseCookie } from '../http/endpoint';
import { claimAccountMail } from '../mail/accountMailQuota';
import { emailConfirmationMail, registrationAttemptMail } from '../mail/accountMails';
import { deliverMail } from '../mail/mailer';
import { issueAccountToken } from './accountTokens';
import { claimCredentials, findCredentials, normalizeEmail, releaseCredentials } from './credentials';
import { rememberDevice } from './knownDevices';
import { hashPassword } from './passwordHashing';
import { startSession } from './sessions';

export const EMAIL_TAKEN = 'This email is already registered';

/**
 * A claim whose UserRegistered never followed (the process died between the two writes) is
 * abandoned after this long; a real registration takes milliseconds between them.
 */
const ABANDONED_CLAIM_MS = 60_000;

/**
 * Registers an account from a request that passed SPEC §5's rules, logs it in with "remember me"
 * (SPEC §4), remembers the browser as a known device and mails the confirmation link. The email
 * is claimed in user_credentials first, whose unique constraint settles races; the
 * UserRegistered event follows.
 *
 * A taken email is answered 409: SPEC §4 logs a new registrant in, so no answer for a taken
 * email could look like success. The owner is mailed that someone tried (once a day at most),
 * and the captcha and the per-address limit make each such probe cost the prober.
 */
export async function register(
  deps: AppDeps,
  request: RegisterRequest,
  from: { previousSessionId: string | null; cookies: Record<string, string | undefined>; userAgent?: string | undefined },
): Promise<{ user: User; sessionToken: string; deviceCookie: ResponseCookie }> {
  const email = normalizeEmail(request.email);
  const now = deps.clock.now().getTime();
  const passwordHash = await hashPassword(request.password);
  const userId =
    (await claimCredentials(deps.database, { email, passwordHash, now })) ?? (await reclaimAbandoned(deps, email, passwordHash, now));
  if (userId === null) {
    if (await claimAccountMail(deps, email, 'registration-attempt')) await deliverMail(deps, registrationAttemptMail(email, deps.config.publicUrl));
    throw new HttpError(409, EMAIL_TAKEN);
  }

  const isBuyer = request.selectedRole === 'client';
  const profile: UserProfile = {
    userId,
    email,
    firstName: request.firstName.trim(),
    lastName: request.lastName.trim(),
    country: request.country,
    countryShortName: findCountry(request.country)?.shortName ?? '',
    socialNetwork: isBuyer ? null : (request.socialNetwork?.trim() ?? null),
    roles: [request.selectedRole],
  };
  let registeredAt: number;
  try {
    const { append } = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'Register', profile });
    // Register always appends its one event (or throws).
    registeredAt = append!.lastPosition;
  } catch (error) {
    await releaseCredentials(deps.database, userId);
    throw error;
  }
  await deps.projector.waitFor(registeredAt);

  const { confirmationToken, sessionToken, deviceCookie } = await deps.database.transaction(async (tx) => ({
    confirmationToken: await issueAccountToken(tx, { userId, purpose: 'email-confirmation', now }),
    sessionToken: await startSession(tx, { userId, persistent: true, now, replacing: from.previousSessionId, userAgent: from.userAgent }),
    deviceCookie: await rememberDevice(tx, { cookies: from.cookies, userId, now }),
  }));
  if (await claimAccountMail(deps, email, 'email-confirmation')) {
    await deliverMail(deps, emailConfirmationMail(email, deps.config.publicUrl, confirmationToken));
  }
  return { user: toUser({ profile, avatarSrc: null, emailConfirmed: false, isProBuyer: false }, null), sessionToken, deviceCookie };
}

async function reclaimAbandoned(deps: AppDeps, email: string, passwordHash: string, now: number): Promise<number | null> {
  const holder = await findCredentials(deps.database, email);
  if (!holder || holder.created_at > now - ABANDONED_CLAIM_MS) return null;
  if (await deps.eventStore.readLastEvent(userStreamId(holder.user_id))) return null;
  await releaseCredentials(deps.database, holder.user_id);
  return claimCredentials(deps.database, { email, passwordHash, now });
}
