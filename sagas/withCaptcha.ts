import type { ApiRequest } from '../shared/api/apiClient';
import { captchaHeaders } from '../shared/api/captcha';

/** The request's headers with a solved robot check; none when the server has the captcha off. */
export const withCaptcha = (captcha: string | undefined): Pick<ApiRequest, 'headers'> => (captcha ? { headers: captchaHeaders(captcha) } : {});
