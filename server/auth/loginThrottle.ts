import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { Tables } from '../db/schema';
import { isKnownDevice } from './knownDevices';

/** After 10 failed logins within 15 minutes for one email, or from one address, logins wait. */
export const LOGIN_THROTTLE = { maxFailures: 10, windowMs: 15 * 60_000 } as const;
export const TOO_MANY_FAILED_LOGINS = 'Too many failed login attempts. Please try again in 15 minutes.';

export interface LoginAttempt {
  email: string;
  ip: string;
  now: number;
  /** SHA-256 of the request's device cookie, if it has one. */
  deviceHash: string | null;
}

/**
 * Counts this attempt as a failure before the password is checked, and refuses it when the
 * address already has 10 in the window, or the email has: checking first and recording after
 * scrypt let parallel guesses all pass the check. Counted per email whether or not it has an
 * account, so the limit tells nothing about which emails exist; refused attempts are not
 * counted, so the wait ends 15 minutes after the last real failure.
 *
 * The email's lock would let anyone lock its owner out by guessing wrong; a device the account
 * logged in from before is let through it, as long as that device has fewer than 10 failures of
 * its own (a copied device cookie buys no more guesses). The address's limit holds for everyone.
 * Returns the reserved row's id, or null when throttled.
 */
export async function reserveLoginAttempt(database: Database, attempt: LoginAttempt): Promise<number | null> {
  return database.transaction(async (tx) => {
    // SQLite runs one write transaction at a time; PostgreSQL needs the table lock for the same.
    if (database.kind === 'postgres') await sql`LOCK TABLE login_failures IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
    const since = attempt.now - LOGIN_THROTTLE.windowMs;
    // Failures older than the window count for nothing; dropping them keeps the table small.
    await tx.deleteFrom('login_failures').where('failed_at', '<=', since).execute();
    if ((await countFailures(tx, { ip: attempt.ip })) >= LOGIN_THROTTLE.maxFailures) return null;
    if ((await countFailures(tx, { email: attempt.email })) >= LOGIN_THROTTLE.maxFailures && !(await passesAccountLock(tx, attempt))) return null;
    const row = await tx
      .insertInto('login_failures')
      .values({ email: attempt.email, ip: attempt.ip, failed_at: attempt.now, device_hash: attempt.deviceHash })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

async function passesAccountLock(tx: Transaction<Tables>, attempt: LoginAttempt): Promise<boolean> {
  if (attempt.deviceHash === null) return false;
  if (!(await isKnownDevice(tx, { hash: attempt.deviceHash, email: attempt.email, now: attempt.now }))) return false;
  return (await countFailures(tx, { email: attempt.email, deviceHash: attempt.deviceHash })) < LOGIN_THROTTLE.maxFailures;
}

/** Failures in the window from an address, or for an email (optionally from one device), that still count for it. */
async function countFailures(tx: Transaction<Tables>, by: { ip: string } | { email: string; deviceHash?: string }): Promise<number> {
  let query = tx.selectFrom('login_failures').select((eb) => eb.fn.countAll<number>().as('count'));
  if ('ip' in by) query = query.where('ip', '=', by.ip);
  else {
    query = query.where('email', '=', by.email).where('counts_for_email', '=', 1);
    if (by.deviceHash !== undefined) query = query.where('device_hash', '=', by.deviceHash);
  }
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** The reserved attempt succeeded: it was no failure, for the account nor for the address. */
export async function releaseLoginAttempt(tx: Transaction<Tables>, id: number): Promise<void> {
  await tx.deleteFrom('login_failures').where('id', '=', id).execute();
}

/**
 * A successful login, or a password reset through the mailed link, clears its account's count;
 * the address keeps its own, so guessing across accounts still stops.
 */
export async function forgetAccountFailures(tx: Transaction<Tables>, email: string): Promise<void> {
  await tx.updateTable('login_failures').set({ counts_for_email: 0 }).where('email', '=', email).execute();
}
