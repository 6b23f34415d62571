import { array, boolean, enums, type Infer, integer, nullable, number, object, optional, refine, size, string } from 'superstruct';
import { ROLES } from '../domain/auth/roles';
import { personal } from './personal';

/** SPEC §3 User, as every auth call answers it. */
export const UserSchema = object({
  id: number(),
  email: personal(string()),
  roles: array(enums(ROLES)),
  currentRole: enums(ROLES),
  firstName: personal(string()),
  lastName: personal(string()),
  avatar: nullable(object({ directSrc: string() })),
  isProBuyer: boolean(),
  emailConfirmed: boolean(),
  country: string(),
  /** The producer profile this account sells as, once a moderator verified it; null for anyone else. */
  producerId: nullable(integer()),
});
export type User = Infer<typeof UserSchema>;

const text = (max: number) => size(string(), 0, max);

export const LoginRequestSchema = object({
  email: personal(text(254)),
  password: personal(text(200)),
  remember: optional(boolean()),
});
export type LoginRequest = Infer<typeof LoginRequestSchema>;

/**
 * SPEC §7's body: the registration form of SPEC §3 plus `selectedRole`. `isBuyer` and
 * `selectedRole` say the same thing twice, so a body where they disagree is refused; the
 * password display flags are the form's own and change nothing here. No other key is accepted.
 */
export const RegisterRequestSchema = refine(
  object({
    firstName: personal(text(100)),
    lastName: personal(text(100)),
    email: personal(text(254)),
    password: personal(text(200)),
    confirmPassword: personal(text(200)),
    country: text(100),
    countryShortName: optional(text(3)),
    socialNetwork: personal(optional(text(500))),
    isBuyer: optional(boolean()),
    agreeTerms: boolean(),
    isShowPassword: optional(boolean()),
    isShowConfirmPassword: optional(boolean()),
    selectedRole: enums(['client', 'producer']),
  }),
  'isBuyer',
  (request) =>
    request.isBuyer === undefined ||
    request.isBuyer === (request.selectedRole === 'client') ||
    'isBuyer contradicts selectedRole: a buyer registers as client, a seller as producer',
);
export type RegisterRequest = Infer<typeof RegisterRequestSchema>;

export const ResetRequestSchema = object({ email: personal(text(254)) });
/** SPEC §7: POST /auth/reset/new/{token} takes `{password}`; the form checks the confirmation. */
export const NewPasswordRequestSchema = object({ password: personal(text(200)) });

export const CountrySchema = object({ name: string(), shortName: string() });
export type Country = Infer<typeof CountrySchema>;
export const CountryListSchema = array(CountrySchema);

/** Every answer that is not an error but has nothing more to say. */
export const OkSchema = object({ status: enums(['ok']) });
