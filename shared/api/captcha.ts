/**
 * The self-hosted captcha (ALTCHA): the storefront's widget fetches a challenge here, solves it
 * in Web Workers, and the solved payload travels with the protected request in this header, so
 * the request bodies stay exactly what SPEC §7 describes.
 */
export const CAPTCHA_CHALLENGE_PATH = '/captcha/challenge';
export const CAPTCHA_HEADER = 'Altcha';

export const captchaHeaders = (payload: string | null | undefined): Record<string, string> =>
  payload ? { [CAPTCHA_HEADER]: payload } : {};
