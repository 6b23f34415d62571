import { array, boolean, define, type Infer, nullable, object, optional, size, string } from 'superstruct';
import { isEmail, isStrongPassword, messages } from '../domain/auth/authRules';
import { requiredText } from './pages';
import { personal } from './personal';

/**
 * Account settings (issue 15 `Account`): what the forms send and what the server answers. The
 * rules and words are SPEC §3/§5's registration rules; the form and the server check with these
 * same schemas (`formErrors`), so both refuse the same input with the same words.
 */

const newEmail = personal(
  define<string>('email', (value) => {
    if (typeof value !== 'string' || value.trim() === '') return messages.required('Email');
    return isEmail(value) || messages.email('Email');
  }),
);
const newPassword = personal(
  define<string>('password', (value) => {
    if (typeof value !== 'string' || value.trim() === '') return messages.required('Password');
    return isStrongPassword(value) || messages.password;
  }),
);
/** The password the account has now: any text, checked against the stored hash. */
const currentPassword = personal(
  define<string>('currentPassword', (value) => {
    if (typeof value !== 'string' || value === '') return messages.required('Current password');
    return value.length <= 200 || 'Current password must be at most 200 characters long';
  }),
);

/**
 * PUT /account/profile. The country must be one of GET /countries and the social URL is a
 * seller's (checked by the server against the account's role: `validateSellerSocialUrl`).
 */
export const ProfileChangeSchema = object({
  firstName: personal(requiredText('First Name', 1, 100)),
  lastName: personal(requiredText('Last Name', 1, 100)),
  country: requiredText('Country', 1, 100),
  socialNetwork: personal(optional(nullable(size(string(), 0, 500)))),
  /** A verified producer's name on their page and tracks. */
  artistName: optional(requiredText('Artist name', 1, 50)),
});
export type ProfileChange = Infer<typeof ProfileChangeSchema>;

/** GET /account/profile: what the settings form starts from. */
export const AccountProfileSchema = object({
  firstName: personal(string()),
  lastName: personal(string()),
  email: personal(string()),
  country: string(),
  socialNetwork: personal(nullable(string())),
  avatarSrc: nullable(string()),
  /** Sellers (producers) give a social URL (SPEC §5). */
  isSeller: boolean(),
  /** Set for a verified producer: the name on their page, which they may change here. */
  artistName: nullable(string()),
  /** An address waiting for its confirmation link to be followed. */
  pendingEmail: personal(nullable(string())),
});
export type AccountProfile = Infer<typeof AccountProfileSchema>;

/** POST /account/email: the new address gets a link; the password proves the account holder asks. */
export const EmailChangeRequestSchema = object({ email: newEmail, currentPassword });
export type EmailChangeRequest = Infer<typeof EmailChangeRequestSchema>;

/** POST /account/password. */
export const PasswordChangeSchema = object({
  currentPassword,
  password: newPassword,
  confirmPassword: personal(
    define<string>('confirmPassword', (value) => (typeof value !== 'string' || value === '' ? messages.required('Confirm Password') : true)),
  ),
});
export type PasswordChange = Infer<typeof PasswordChangeSchema>;

/** POST /account/delete: the password confirms it. */
export const AccountDeletionSchema = object({ currentPassword });
export type AccountDeletion = Infer<typeof AccountDeletionSchema>;

/** GET /account/sessions: each live session of the account, newest use first. */
export const AccountSessionSchema = object({
  /** e.g. `Chrome 131 on Windows 10`, or `Unknown browser` when it sent no User-Agent. */
  device: string(),
  startedAt: string(),
  lastSeenAt: string(),
  current: boolean(),
});
export type AccountSessionView = Infer<typeof AccountSessionSchema>;
export const AccountSessionListSchema = object({ sessions: array(AccountSessionSchema) });
export type AccountSessionList = Infer<typeof AccountSessionListSchema>;

/** POST /account/email answers where the link went; the address changes only once it is followed. */
export const EmailChangeAnswerSchema = object({ pendingEmail: personal(string()) });

/** The confirm field must repeat the new password; not expressible per field in the schema above. */
export function confirmPasswordError(values: { password?: unknown; confirmPassword?: unknown }): string | null {
  if (typeof values.confirmPassword !== 'string' || values.confirmPassword === '') return null;
  return values.confirmPassword === values.password ? null : messages.confirm('Confirm Password');
}
