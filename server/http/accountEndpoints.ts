import {
  AccountDeletionSchema,
  confirmPasswordError,
  EmailChangeRequestSchema,
  PasswordChangeSchema,
  ProfileChangeSchema,
} from '../../shared/schemas/account';
import { eraseAccount } from '../account/accountErasure';
import { requestEmailChange } from '../account/emailChange';
import { changePassword } from '../account/passwordChange';
import { accountProfile, changeAvatar, changeProfile } from '../account/profileSettings';
import { listSessions, logOutEverywhere } from '../account/sessionList';
import { requireSession } from '../auth/requireUser';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';
import { refuseFormErrors } from './formErrors';

const OK = { status: 'ok' } as const;

/**
 * Account settings (issue 15 `Account`), for every logged-in account and only its own: the
 * session says whose, so no call takes a user id.
 */
export const accountEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/account/profile',
    access: 'member',
    input: {},
    async handle({ context }, deps) {
      return { body: await accountProfile(deps, requireSession(context.session)) };
    },
  }),
  defineEndpoint({
    method: 'PUT',
    path: '/account/profile',
    access: 'member',
    input: { body: ProfileChangeSchema, bodyName: 'profile', formRules: (body) => refuseFormErrors(body, ProfileChangeSchema) },
    async handle({ body, context }, deps) {
      return { body: await changeProfile(deps, requireSession(context.session), body) };
    },
  }),
  defineEndpoint({
    method: 'DELETE',
    path: '/account/avatar',
    access: 'member',
    input: {},
    async handle({ context }, deps) {
      return { body: await changeAvatar(deps, requireSession(context.session), null) };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/account/email',
    access: 'member',
    input: { body: EmailChangeRequestSchema, bodyName: 'email change', formRules: (body) => refuseFormErrors(body, EmailChangeRequestSchema) },
    async handle({ body, context }, deps) {
      return { body: { pendingEmail: await requestEmailChange(deps, requireSession(context.session), context, body) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/account/password',
    access: 'member',
    input: {
      body: PasswordChangeSchema,
      bodyName: 'password change',
      formRules(body) {
        refuseFormErrors(body, PasswordChangeSchema);
        const mismatch = confirmPasswordError(body as { password?: unknown; confirmPassword?: unknown });
        if (mismatch) throw new HttpError(400, mismatch, { errors: { confirmPassword: mismatch } });
      },
    },
    async handle({ body, context }, deps) {
      await changePassword(deps, requireSession(context.session), context, body);
      return { body: OK };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/account/sessions',
    access: 'member',
    input: {},
    async handle({ context }, deps) {
      return { body: { sessions: await listSessions(deps, requireSession(context.session)) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/account/sessions/logout-all',
    access: 'member',
    input: {},
    async handle({ context }, deps) {
      await logOutEverywhere(deps, requireSession(context.session));
      return { body: OK, sessionCookie: null };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/account/delete',
    access: 'member',
    input: { body: AccountDeletionSchema, bodyName: 'account deletion', formRules: (body) => refuseFormErrors(body, AccountDeletionSchema) },
    async handle({ body, context }, deps) {
      await eraseAccount(deps, requireSession(context.session), context, body.currentPassword);
      return { body: OK, sessionCookie: null };
    },
  }),
];
