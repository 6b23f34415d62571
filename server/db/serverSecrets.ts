import { randomBytes } from 'node:crypto';
import type { Database } from './database';

/**
 * A key the server makes once and keeps in its database, so every process on that database and
 * every restart use the same one. The first process to start writes it; the others read it.
 */
export async function sharedServerSecret(database: Database, name: string, now: Date): Promise<string> {
  return database.transaction(async (tx) => {
    await tx
      .insertInto('server_secrets')
      .values({ name, secret: randomBytes(32).toString('base64url'), created_at: now.getTime() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const row = await tx.selectFrom('server_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
    return row.secret;
  });
}
