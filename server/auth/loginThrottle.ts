import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { Tables } from '../db/schema';

/** After 10 failed logins within 15 minutes for one email, or from one address, logins wait. */
export const LOGIN_THROTTLE = { maxFailures: 10, windowMs: 15 * 60_000 } as const;
export const TOO_MANY_FAILED_LOGINS = 'Too many failed login attempts. Please try again in 15 minutes.';

/**
 * Counted per email whether or not it has an account, so the limit tells nothing about which
 * emails exist; refused attempts are not counted, so the wait ends 15 minutes after the last
 * real failure.
 */
export async function isLoginThrottled(database: Database, attempt: { email: string; ip: string; now: number }): Promise<boolean> {
  const since = attempt.now - LOGIN_THROTTLE.windowMs;
  const failures = database.query
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('failed_at', '>', since);
  const [forEmail, forIp] = await Promise.all([
    failures.where('email', '=', attempt.email).where('counts_for_email', '=', 1).executeTakeFirstOrThrow(),
    failures.where('ip', '=', attempt.ip).executeTakeFirstOrThrow(),
  ]);
  return Number(forEmail.count) >= LOGIN_THROTTLE.maxFailures || Number(forIp.count) >= LOGIN_THROTTLE.maxFailures;
}

export async function recordLoginFailure(database: Database, attempt: { email: string; ip: string; now: number }): Promise<void> {
  await database.transaction(async (tx) => {
    // Failures older than the window count for nothing; dropping them keeps the table small.
    await tx.deleteFrom('login_failures').where('failed_at', '<=', attempt.now - LOGIN_THROTTLE.windowMs).execute();
    await tx.insertInto('login_failures').values({ email: attempt.email, ip: attempt.ip, failed_at: attempt.now }).execute();
  });
}

/** A successful login clears its account's count; the address keeps its own, so guessing across accounts still stops. */
export async function forgetAccountFailures(tx: Transaction<Tables>, email: string): Promise<void> {
  await tx.updateTable('login_failures').set({ counts_for_email: 0 }).where('email', '=', email).execute();
}
