import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets handed to a browser (session cookies) or mailed (confirmation and reset links): 32
 * random bytes, base64url. Only their SHA-256 is stored, so a leaked table cannot be replayed;
 * a plain hash suffices because the token itself has 256 bits of entropy.
 */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export const hashSecretToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The shape `newSecretToken` makes: anything else is not worth a database lookup. */
export const isWellFormedToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);
