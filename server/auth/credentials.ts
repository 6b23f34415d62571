import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/uniqueViolation';

/** Emails are compared trimmed and lowercased; the unique constraint sees only that form. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findCredentials(database: Database, email: string) {
  return database.query
    .selectFrom('user_credentials')
    .select(['user_id', 'password_hash', 'created_at'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/**
 * Takes the next user id and claims the email for it in one transaction; null when the email
 * already has an account.
 */
export async function claimCredentials(
  database: Database,
  claim: { email: string; passwordHash: string; now: number },
): Promise<number | null> {
  try {
    return await database.transaction(async (tx) => {
      const { value: userId } = await tx
        .updateTable('id_sequences')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', 'user')
        .returning('value')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('user_credentials')
        .values({ user_id: userId, email: claim.email, password_hash: claim.passwordHash, created_at: claim.now })
        .execute();
      return userId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function releaseCredentials(database: Database, userId: number): Promise<void> {
  await database.transaction((tx) => tx.deleteFrom('user_credentials').where('user_id', '=', userId).execute());
}
