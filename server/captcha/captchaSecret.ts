import { createHmac } from 'node:crypto';
import type { AppDeps } from '../appDeps';
import type { Database } from '../db/database';
import { sharedServerSecret } from '../db/serverSecrets';

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
    secret = sharedServerSecret(database, SECRET_NAME, new Date());
    loaded.set(database, secret);
    secret.catch(() => loaded.delete(database));
  }
  return secret;
}
