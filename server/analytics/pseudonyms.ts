import { createHmac } from 'node:crypto';
import type { Database } from '../db/database';
import { sharedServerSecret } from '../db/serverSecrets';

/**
 * The stable pseudonyms analytics consumers see instead of our ids (issue 13: not the email, not
 * the database id): an HMAC under a key kept in the database, so every server and every replay
 * gives one account the same `userId`, and nobody outside can walk the ids back to accounts.
 */
export interface Pseudonyms {
  user(userId: number): string;
  /** A cart or wishlist, which readers may group by without learning whose it is or a guest's cart token. */
  of(kind: 'cart' | 'wishlist', value: string): string;
}

export function pseudonymsWith(key: string): Pseudonyms {
  const mac = (value: string) => createHmac('sha256', key).update(value).digest('base64url').slice(0, 22);
  return {
    user: (userId) => `u_${mac(`user:${userId}`)}`,
    of: (kind, value) => `${kind[0]}_${mac(`${kind}:${value}`)}`,
  };
}

export async function openPseudonyms(database: Database, now: Date): Promise<Pseudonyms> {
  return pseudonymsWith(await sharedServerSecret(database, 'analyticsPseudonyms', now));
}
