import { object, string } from 'superstruct';
import {
  type FieldErrors,
  validateForgotPassword,
  validateLogin,
  validateNewPassword,
  validateRegistration,
} from '../../shared/domain/auth/authRules';
import { LoginRequestSchema, NewPasswordRequestSchema, RegisterRequestSchema, ResetRequestSchema } from '../../shared/schemas/auth';
import { confirmEmail } from '../auth/emailConfirmation';
import { passCaptcha } from '../captcha/captcha';
import { logIn, logOut } from '../auth/login';
import { assertResetTokenUsable, requestPasswordReset, resetPassword } from '../auth/passwordReset';
import { register } from '../auth/registration';
import { requireUser } from '../auth/requireUser';
import { mergeGuestCart } from '../commerce/cartCommands';
import { COUNTRY_NAMES, findCountry } from '../countries/countryList';
import { type Endpoint, HttpError, parseInput } from './endpoint';

const OK = { status: 'ok' } as const;
const TokenParams = object({ token: string() });

/** The body's fields as the shared form rules read them: strings, or nothing. */
function formFields(body: unknown) {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return {
    text: (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined),
    flag: (name: string) => (typeof fields[name] === 'boolean' ? (fields[name] as boolean) : undefined),
    raw: (name: string) => fields[name],
  };
}

/**
 * SPEC §5's rules run before the schema, so a form error gets SPEC's words: the first field's
 * message, and `errors` with every field's.
 */
function refuseFieldErrors(errors: FieldErrors<string>): void {
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new HttpError(400, first, { errors });
}

export const authEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/auth/login',
    access: 'anyone',
    async handle({ body, context }, deps) {
      const form = formFields(body);
      refuseFieldErrors(validateLogin({ email: form.text('email'), password: form.text('password') }));
      const input = parseInput(body, LoginRequestSchema, 'login');
      const { user, sessionToken, deviceCookie } = await logIn(deps, input, {
        ip: context.ip,
        previousSessionId: context.session?.id ?? null,
        cookies: context.cookies,
      });
      const cookies = await mergeGuestCart(deps, context, user.id);
      return { body: user, sessionCookie: { token: sessionToken, persistent: input.remember === true }, cookies: [...cookies, deviceCookie] };
    },
  },
  {
    method: 'POST',
    path: '/auth/logout',
    access: 'anyone',
    async handle({ context }, deps) {
      await logOut(deps, context.session);
      return { body: OK, sessionCookie: null };
    },
  },
  {
    method: 'POST',
    path: '/auth/register',
    access: 'anyone',
    async handle({ body, context }, deps) {
      const form = formFields(body);
      const values = {
        firstName: form.text('firstName'),
        lastName: form.text('lastName'),
        email: form.text('email'),
        password: form.text('password'),
        confirmPassword: form.text('confirmPassword'),
        country: form.text('country'),
        socialNetwork: form.text('socialNetwork'),
        // The role decides what the form must hold; an isBuyer saying otherwise is refused by the schema.
        isBuyer: form.raw('selectedRole') !== 'producer',
        agreeTerms: form.flag('agreeTerms'),
      };
      refuseFieldErrors(validateRegistration(values, COUNTRY_NAMES));
      const input = parseInput(body, RegisterRequestSchema, 'registration');
      if (input.countryShortName !== undefined && input.countryShortName !== findCountry(input.country)?.shortName) {
        throw new HttpError(400, `Invalid countryShortName: ${input.country} is not ${input.countryShortName}`);
      }
      await passCaptcha(deps, context);
      const { user, sessionToken, deviceCookie } = await register(deps, input, { previousSessionId: context.session?.id ?? null, cookies: context.cookies });
      const cookies = await mergeGuestCart(deps, context, user.id);
      return { status: 201, body: user, sessionCookie: { token: sessionToken, persistent: true }, cookies: [...cookies, deviceCookie] };
    },
  },
  {
    method: 'GET',
    path: '/auth/checkhealth',
    access: 'member',
    async handle(request) {
      return { body: requireUser(request) };
    },
  },
  {
    method: 'POST',
    path: '/auth/reset',
    access: 'anyone',
    async handle({ body, context }, deps) {
      refuseFieldErrors(validateForgotPassword({ email: formFields(body).text('email') }));
      const { email } = parseInput(body, ResetRequestSchema, 'reset request');
      await passCaptcha(deps, context);
      await requestPasswordReset(deps, email);
      return { body: OK };
    },
  },
  {
    method: 'GET',
    path: '/auth/reset/validate/:token',
    access: 'anyone',
    async handle({ params }, deps) {
      await assertResetTokenUsable(deps, parseInput(params, TokenParams, 'token').token);
      return { body: OK };
    },
  },
  {
    method: 'POST',
    path: '/auth/reset/new/:token',
    access: 'anyone',
    async handle({ params, body }, deps) {
      const form = formFields(body);
      const password = form.text('password');
      // The reset form may send one password field; then it confirms itself.
      const confirmPassword = form.raw('confirmPassword') === undefined ? password : form.text('confirmPassword');
      refuseFieldErrors(validateNewPassword({ password, confirmPassword }));
      const input = parseInput(body, NewPasswordRequestSchema, 'new password');
      await resetPassword(deps, parseInput(params, TokenParams, 'token').token, input.password);
      return { body: OK };
    },
  },
  {
    method: 'GET',
    path: '/auth/email-confirmation/:token',
    access: 'anyone',
    async handle({ params }, deps) {
      await confirmEmail(deps, parseInput(params, TokenParams, 'token').token);
      return { body: OK };
    },
  },
];
