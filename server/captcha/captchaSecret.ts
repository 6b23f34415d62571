import { createHmac, randomBytes } from 'node:crypto';
import type { AppDeps } from '../appDeps';
import type { Database } from '../db/database';

export interface CaptchaSecrets {
  /** Signs each challenge's parameters. */
  challenge: string;
  /** Signs the key a solver must find, so a solution is checked without deriving the key again. */
  key: string;
}

const SECRET_NAME = 'captcha-hmac';
const loaded = new WeakMap<Database, Promise<string>>();

/**
 * CAPTCHA_HMAC_KEY, or else a random key made by whichever server needs it first and kept in
 * the database: a challenge one server issued must verify on any other.
 */
export async function captchaSecrets(deps: Pick<AppDeps, 'config' | 'database'>): Promise<CaptchaSecrets> {
  const master = deps.config.accountProtection.captcha.hmacKey || (await storedSecret(deps.database));
  return { challenge: master, key: createHmac('sha256', master).update('captcha-key-signature').digest('hex') };
}

function storedSecret(database: Database): Promise<string> {
  let secret = loaded.get(database);
  if (!secret) {
    secret = loadOrCreate(database);
    loaded.set(database, secret);
    secret.catch(() => loaded.delete(database));
  }
  return secret;
}

async function loadOrCreate(database: Database): Promise<string> {
  // The first insert wins; every server then reads the same row.
  await database.transaction((tx) =>
    tx
      .insertInto('server_secrets')
      .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute(),
  );
  const row = await database.query.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return row.value;
}
