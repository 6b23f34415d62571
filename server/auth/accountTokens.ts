import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { Tables } from '../db/schema';
import { hashSecretToken, isWellFormedToken, newSecretToken } from './secretTokens';

export type AccountTokenPurpose = 'email-confirmation' | 'password-reset' | 'email-change';

const HOUR_MS = 3_600_000;
export const ACCOUNT_TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  'email-confirmation': 7 * 24 * HOUR_MS,
  'password-reset': HOUR_MS,
  'email-change': 24 * HOUR_MS,
};

/** A new single-use token for a mailed link; only its hash is stored. */
export async function issueAccountToken(
  tx: Transaction<Tables>,
  issue: { userId: number; purpose: AccountTokenPurpose; now: number; newEmail?: string },
): Promise<string> {
  const { token, hash } = newSecretToken();
  await tx
    .insertInto('account_tokens')
    .values({
      token_hash: hash,
      purpose: issue.purpose,
      user_id: issue.userId,
      created_at: issue.now,
      expires_at: issue.now + ACCOUNT_TOKEN_LIFETIME_MS[issue.purpose],
      used_at: null,
      new_email: issue.newEmail ?? null,
    })
    .execute();
  return token;
}

export async function isAccountTokenUsable(database: Database, token: string, purpose: AccountTokenPurpose, now: number): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const row = await database.query
    .selectFrom('account_tokens')
    .select('user_id')
    .where('token_hash', '=', hashSecretToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks the token used and returns its user, or null when it is unknown, used or expired. One
 * UPDATE decides, so of two requests racing with the same link only one gets the user.
 */
export async function consumeAccountToken(
  tx: Transaction<Tables>,
  token: string,
  purpose: AccountTokenPurpose,
  now: number,
): Promise<number | null> {
  if (!isWellFormedToken(token)) return null;
  const row = await tx
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashSecretToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Makes the token usable again, when the change it was consumed for could not be recorded. */
export async function releaseAccountToken(database: Database, token: string): Promise<void> {
  await database.transaction((tx) =>
    tx.updateTable('account_tokens').set({ used_at: null }).where('token_hash', '=', hashSecretToken(token)).execute(),
  );
}

/** Voids the user's other open links of this purpose, e.g. older reset mails once the password changed. */
export async function voidAccountTokens(tx: Transaction<Tables>, userId: number, purpose: AccountTokenPurpose, now: number): Promise<void> {
  await tx
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
