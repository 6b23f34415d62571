import { createChallenge, type Challenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { boolean, type Infer, number, object, optional, record, size, string, type, union, validate } from 'superstruct';
import { CAPTCHA_HEADER } from '../../shared/api/captcha';
import type { AppDeps } from '../appDeps';
import { isUniqueViolation } from '../db/uniqueViolation';
import { HttpError, type RequestContext } from '../http/endpoint';
import { captchaSecrets } from './captchaSecret';

const CAPTCHA_MISSING = 'Please confirm that you are not a robot';
const CAPTCHA_REFUSED = 'The robot check failed or expired; please confirm again that you are not a robot';

/** PBKDF2 iterations per attempt: the widget runs it on WebCrypto, in every browser we support. */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1000;
/** Long enough to fill in the registration form after the widget solved its challenge. */
const LIFETIME_MS = 20 * 60_000;

type Deps = Pick<AppDeps, 'config' | 'database'>;

/**
 * A challenge whose answer is a counter drawn between half the configured complexity and all of
 * it: the solver derives keys from 0 upwards until it meets the one we derived, so the work is
 * bounded and the same for everyone, and our own check is two HMACs. Expiry is wall-clock time,
 * not the app's clock (which CLOCK_START_AT may move): the browser's widget judges it by its own.
 */
export async function newChallenge(deps: Deps): Promise<Challenge> {
  const { complexity } = deps.config.accountProtection.captcha;
  const secrets = await captchaSecrets(deps);
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(complexity, Math.ceil(complexity / 2)),
    deriveKey,
    expiresAt: new Date(Date.now() + LIFETIME_MS),
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.key,
  });
}

const Scalar = union([string(), number(), boolean()]);
/** What the widget sends back: the challenge as we signed it and the solution it found. */
const SolvedPayloadSchema = object({
  challenge: object({
    parameters: type({
      algorithm: string(),
      nonce: string(),
      salt: string(),
      cost: number(),
      keyLength: number(),
      keyPrefix: string(),
      keySignature: optional(string()),
      expiresAt: number(),
      data: optional(record(string(), Scalar)),
    }),
    signature: size(string(), 1, 256),
  }),
  solution: type({ counter: number(), derivedKey: size(string(), 1, 256), time: optional(number()) }),
});
type SolvedPayload = Infer<typeof SolvedPayloadSchema>;

/**
 * Lets a protected request through when it carries a solved challenge that we signed, that has
 * not expired and that was not used before; the challenge is used up by this request, whatever
 * the request's own outcome. Does nothing while the captcha is off (CAPTCHA=off).
 */
export async function passCaptcha(deps: Deps, context: RequestContext): Promise<void> {
  if (!deps.config.accountProtection.captcha.enabled) return;
  const header = context.headers[CAPTCHA_HEADER.toLowerCase()];
  if (!header) throw new HttpError(400, CAPTCHA_MISSING);
  const payload = decodePayload(header);
  if (!payload) throw new HttpError(400, CAPTCHA_REFUSED);
  const secrets = await captchaSecrets(deps);
  const { verified } = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.key,
  });
  if (!verified || payload.challenge.parameters.algorithm !== ALGORITHM) throw new HttpError(400, CAPTCHA_REFUSED);
  await spend(deps, payload);
}

function decodePayload(header: string): SolvedPayload | null {
  if (header.length > 4096) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const [error, payload] = validate(decoded, SolvedPayloadSchema);
  return error ? null : payload;
}

/** Records the challenge as used until it expires; a second use, on this server or another, is refused. */
async function spend(deps: Deps, payload: SolvedPayload): Promise<void> {
  const expiresAt = payload.challenge.parameters.expiresAt * 1000;
  try {
    await deps.database.transaction(async (tx) => {
      await tx.deleteFrom('captcha_spent').where('expires_at', '<', Date.now()).execute();
      await tx.insertInto('captcha_spent').values({ signature: payload.challenge.signature, expires_at: expiresAt }).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(400, CAPTCHA_REFUSED);
    throw error;
  }
}
