import type { Transaction } from 'kysely';
import type { Tables } from '../db/schema';
import type { ResponseCookie } from '../http/endpoint';
import { hashSecretToken, isWellFormedToken, newSecretToken } from './secretTokens';

export const DEVICE_COOKIE = 'beatcrate_device';
/** A device stays known for a year after its last successful login. */
const DEVICE_LIFETIME_MS = 365 * 24 * 3_600_000;

/** The SHA-256 of the request's device cookie, or null without a well-formed one. */
export function deviceHashOf(cookies: Record<string, string | undefined>): string | null {
  const token = cookies[DEVICE_COOKIE];
  return token && isWellFormedToken(token) ? hashSecretToken(token) : null;
}

/**
 * Remembers that this browser logged in to `userId`: a long-lived random httpOnly cookie (kept
 * if the browser has one already, so one browser can be known to several accounts), stored only
 * as its SHA-256. A correct password from a known device passes the account's failed-login lock,
 * which otherwise anyone could set off by guessing wrong ten times.
 */
export async function rememberDevice(
  tx: Transaction<Tables>,
  device: { cookies: Record<string, string | undefined>; userId: number; now: number },
): Promise<ResponseCookie> {
  const existing = device.cookies[DEVICE_COOKIE];
  const { token, hash } = existing && isWellFormedToken(existing) ? { token: existing, hash: hashSecretToken(existing) } : newSecretToken();
  await tx.deleteFrom('known_devices').where('last_seen_at', '<=', device.now - DEVICE_LIFETIME_MS).execute();
  await tx
    .insertInto('known_devices')
    .values({ token_hash: hash, user_id: device.userId, created_at: device.now, last_seen_at: device.now })
    .onConflict((conflict) => conflict.columns(['token_hash', 'user_id']).doUpdateSet({ last_seen_at: device.now }))
    .execute();
  return { name: DEVICE_COOKIE, value: token, maxAgeMs: DEVICE_LIFETIME_MS };
}

/** Whether the device logged in to the account of `email` within its lifetime. */
export async function isKnownDevice(tx: Transaction<Tables>, device: { hash: string; email: string; now: number }): Promise<boolean> {
  const known = await tx
    .selectFrom('known_devices')
    .innerJoin('user_credentials', 'user_credentials.user_id', 'known_devices.user_id')
    .select('known_devices.user_id')
    .where('known_devices.token_hash', '=', device.hash)
    .where('user_credentials.email', '=', device.email)
    .where('known_devices.last_seen_at', '>', device.now - DEVICE_LIFETIME_MS)
    .executeTakeFirst();
  return known !== undefined;
}
