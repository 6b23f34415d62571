import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { API_PREFIX } from '../../shared/domain/constants';
import { CAPTCHA_CHALLENGE_PATH } from '../../shared/api/captcha';

/**
 * What the storefront's captcha widget does, for tests that speak HTTP: fetch a challenge from
 * the server, solve it with altcha-lib, and encode the payload the way the widget does. Null
 * when the server runs with CAPTCHA=off.
 */
export async function solveCaptcha(baseUrl: string, headers: Record<string, string> = {}): Promise<string | null> {
  const response = await fetch(`${baseUrl}${API_PREFIX}${CAPTCHA_CHALLENGE_PATH}`, { headers });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The captcha challenge answered ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The captcha challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}
