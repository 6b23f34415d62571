import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { Tables } from '../db/schema';

/** After 10 failed logins within 15 minutes for one email, or from one address, logins wait. */
export const LOGIN_THROTTLE = { maxFailures: 10, windowMs: 15 * 60_000 } as const;
export const TOO_MANY_FAILED_LOGINS = 'Too many failed login attempts. Please try again in 15 minutes.';

/**
 * Counts this attempt as a failure before the password is checked, and refuses it when the email
 * or the address already has 10 within the window: checking first and recording after scrypt let
 * parallel guesses all pass the check. Counted per email whether or not it has an account, so the
 * limit tells nothing about which emails exist; refused attempts are not counted, so the wait ends
 * 15 minutes after the last real failure. Returns the reserved row's id, or null when throttled.
 */
export async function reserveLoginAttempt(database: Database, attempt: { email: string; ip: string; now: number }): Promise<number | null> {
  return database.transaction(async (tx) => {
    // SQLite runs one write transaction at a time; PostgreSQL needs the table lock for the same.
    if (database.kind === 'postgres') await sql`LOCK TABLE login_failures IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
    const since = attempt.now - LOGIN_THROTTLE.windowMs;
    // Failures older than the window count for nothing; dropping them keeps the table small.
    await tx.deleteFrom('login_failures').where('failed_at', '<=', since).execute();
    const count = (column: 'email' | 'ip', value: string) => {
      let query = tx.selectFrom('login_failures').select((eb) => eb.fn.countAll<number>().as('count')).where(column, '=', value);
      if (column === 'email') query = query.where('counts_for_email', '=', 1);
      return query.executeTakeFirstOrThrow();
    };
    const [forEmail, forIp] = [await count('email', attempt.email), await count('ip', attempt.ip)];
    if (Number(forEmail.count) >= LOGIN_THROTTLE.maxFailures || Number(forIp.count) >= LOGIN_THROTTLE.maxFailures) return null;
    const row = await tx
      .insertInto('login_failures')
      .values({ email: attempt.email, ip: attempt.ip, failed_at: attempt.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

/** The reserved attempt succeeded: it was no failure, for the account nor for the address. */
export async function releaseLoginAttempt(tx: Transaction<Tables>, id: number): Promise<void> {
  await tx.deleteFrom('login_failures').where('id', '=', id).execute();
}

/** A successful login clears its account's count; the address keeps its own, so guessing across accounts still stops. */
export async function forgetAccountFailures(tx: Transaction<Tables>, email: string): Promise<void> {
  await tx.updateTable('login_failures').set({ counts_for_email: 0 }).where('email', '=', email).execute();
}
