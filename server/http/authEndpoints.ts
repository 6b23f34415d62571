import { object, string } from 'superstruct';
import {
  type FieldErrors,
  validateForgotPassword,
  validateLogin,
  validatePassword,
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
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';

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

function registrationRules(body: unknown): void {
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
}

function newPasswordRules(body: unknown): void {
  refuseFieldErrors(validatePassword({ password: formFields(body).text('password') }));
}

export const authEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    access: 'anyone',
    input: {
      body: LoginRequestSchema,
      bodyName: 'login',
      formRules(body) {
        const form = formFields(body);
        refuseFieldErrors(validateLogin({ email: form.text('email'), password: form.text('password') }));
      },
    },
    async handle({ body: input, context }, deps) {
      const { user, sessionToken, deviceCookie } = await logIn(deps, input, {
        ip: context.ip,
        previousSessionId: context.session?.id ?? null,
        cookies: context.cookies,
        userAgent: context.headers['user-agent'],
      });
      const cookies = await mergeGuestCart(deps, context, user.id);
      return { body: user, sessionCookie: { token: sessionToken, persistent: input.remember === true }, cookies: [...cookies, deviceCookie] };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    access: 'anyone',
    input: {},
    async handle({ context }, deps) {
      await logOut(deps, context.session);
      return { body: OK, sessionCookie: null };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/auth/register',
    access: 'anyone',
    input: { body: RegisterRequestSchema, bodyName: 'registration', formRules: registrationRules },
    async handle({ body: input, context }, deps) {
      if (input.countryShortName !== undefined && input.countryShortName !== findCountry(input.country)?.shortName) {
        throw new HttpError(400, `Invalid countryShortName: ${input.country} is not ${input.countryShortName}`);
      }
      await passCaptcha(deps, context);
      const { user, sessionToken, deviceCookie } = await register(deps, input, { previousSessionId: context.session?.id ?? null, cookies: context.cookies, userAgent: context.headers['user-agent'] });
      const cookies = await mergeGuestCart(deps, context, user.id);
      return { status: 201, body: user, sessionCookie: { token: sessionToken, persistent: true }, cookies: [...cookies, deviceCookie] };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/auth/checkhealth',
    access: 'member',
    input: {},
    async handle(request) {
      return { body: requireUser(request) };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/auth/reset',
    access: 'anyone',
    input: {
      body: ResetRequestSchema,
      bodyName: 'reset request',
      formRules: (body) => refuseFieldErrors(validateForgotPassword({ email: formFields(body).text('email') })),
    },
    async handle({ body: { email }, context }, deps) {
      await passCaptcha(deps, context);
      await requestPasswordReset(deps, email);
      return { body: OK };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/auth/reset/validate/:token',
    access: 'anyone',
    input: { params: TokenParams },
    async handle({ params: { token } }, deps) {
      await assertResetTokenUsable(deps, token);
      return { body: OK };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/auth/reset/new/:token',
    access: 'anyone',
    input: { params: TokenParams, body: NewPasswordRequestSchema, bodyName: 'new password', formRules: newPasswordRules },
    async handle({ params: { token }, body: { password } }, deps) {
      await resetPassword(deps, token, password);
      return { body: OK };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/auth/email-confirmation/:token',
    access: 'anyone',
    input: { params: TokenParams },
    async handle({ params: { token } }, deps) {
      await confirmEmail(deps, token);
      return { body: OK };
    },
  }),
];
