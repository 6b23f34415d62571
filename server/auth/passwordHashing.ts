import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes with Node's own scrypt: memory-hard, so guessing on GPUs is expensive, and no
 * native module to build. Stored as a PHC-style string that carries its parameters,
 * `$scrypt$ln=15,r=8,p=1$<salt>$<key>` (base64), so hashes made today still verify after the
 * parameters are raised.
 */
const CURRENT = { ln: 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Bounds for parameters read back from storage, so a damaged row cannot make us allocate gigabytes. */
const LIMITS = { ln: [10, 20], r: [1, 32], p: [1, 16] } as const;

const FORMAT = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

function derive(password: string, salt: Buffer, keyBytes: number, params: { ln: number; r: number; p: number }): Promise<Buffer> {
  const N = 2 ** params.ln;
  // scrypt needs 128·N·r bytes; Node refuses above maxmem, which defaults to 32 MiB.
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, CURRENT);
  return `$scrypt$ln=${CURRENT.ln},r=${CURRENT.r},p=${CURRENT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Constant-time comparison; a hash that is not ours to read never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = FORMAT.exec(stored);
  if (!match) return false;
  const [ln, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!within(ln, LIMITS.ln) || !within(r, LIMITS.r) || !within(p, LIMITS.p)) return false;
  const salt = Buffer.from(match[4]!, 'base64');
  const expected = Buffer.from(match[5]!, 'base64');
  if (expected.length < 16) return false;
  const actual = await derive(password, salt, expected.length, { ln, r, p });
  return timingSafeEqual(actual, expected);
}

const within = (value: number, [low, high]: readonly [number, number]) => value >= low && value <= high;

let decoy: Promise<string> | null = null;

/**
 * Spends the time of a real verification when the email is unknown, so the answer's timing does
 * not tell which emails have an account.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
  return false;
}
