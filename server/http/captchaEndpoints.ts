import { CAPTCHA_CHALLENGE_PATH } from '../../shared/api/captcha';
import { newChallenge } from '../captcha/captcha';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';

/** The challenge the storefront's captcha widget solves before a protected form is sent. */
export const captchaEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: CAPTCHA_CHALLENGE_PATH,
    access: 'anyone',
    input: {},
    async handle(_request, deps) {
      if (!deps.config.accountProtection.captcha.enabled) throw new HttpError(404, 'The captcha is turned off on this server');
      return { body: await newChallenge(deps) };
    },
  }),
];
