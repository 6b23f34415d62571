import { CIS_COUNTRIES, PASSWORD } from '../constants';

/**
 * The validation rules of SPEC §5 with its exact messages, shared by the forms (final-form's
 * `validate`) and the server, so both refuse the same input with the same words.
 */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const messages = {
  required: (field: string) => `${field} is required`,
  email: (field: string) => `The ${field} must be valid`,
  min: (field: string, length: number) => `The ${field} field must be at least ${length} characters`,
  password: 'Password must be at least 5 characters long contain both letters and numbers',
  confirm: (field: string) => `The ${field} field does not match`,
  listValue: (field: string) => `${field} must be a valid list value`,
  url: (field: string) => `Is not a valid ${field} url`,
  terms: 'You must read and agree to the Terms & Conditions in order to proceed',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

export const isEmail = (value: string) => value.length <= 254 && EMAIL.test(value.trim());

/** 5 to 70 characters with at least one letter and one digit. */
export const isStrongPassword = (value: string) =>
  value.length >= PASSWORD.minLength && value.length <= PASSWORD.maxLength && /\p{L}/u.test(value) && /\d/.test(value);

export const isCisCountry = (country: string | undefined) => (CIS_COUNTRIES as readonly string[]).includes(country ?? '');

/** Social networks accepted per SPEC §2: VK for Russia, Kazakhstan and Belarus, Facebook elsewhere. */
export function socialNetworkFor(country: string | undefined) {
  return isCisCountry(country)
    ? { label: 'VK personal URL', placeholder: 'vk.com/', hosts: ['vk.com'] }
    : { label: 'Facebook personal URL', placeholder: 'facebook.com/', hosts: ['facebook.com', 'fb.com'] };
}

export function isSocialNetworkUrl(value: string, country: string | undefined): boolean {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  return socialNetworkFor(country).hosts.includes(host) && url.pathname.length > 1;
}

/**
 * What is wrong with a seller's social URL, in SPEC §5's words with `{field}` the label the form
 * shows for the country (`Facebook personal URL`, `VK personal URL`); undefined when nothing is.
 */
export function socialNetworkError(value: string | null | undefined, country: string | undefined): string | undefined {
  const { label } = socialNetworkFor(country);
  if (isBlank(value)) return messages.required(label);
  if (!isSocialNetworkUrl(value!, country)) return messages.url(label);
  return undefined;
}

export interface LoginValues {
  email?: string;
  password?: string;
  remember?: boolean;
}

export function validateLogin(values: LoginValues): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (isBlank(values.email)) errors.email = messages.required('Email');
  else if (!isEmail(values.email!)) errors.email = messages.email('Email');
  if (isBlank(values.password)) errors.password = messages.required('Password');
  else if (values.password!.length < PASSWORD.minLength) errors.password = messages.min('Password', PASSWORD.minLength);
  return errors;
}

export function validateForgotPassword(values: { email?: string }): FieldErrors<'email'> {
  if (isBlank(values.email)) return { email: messages.required('Email') };
  if (!isEmail(values.email!)) return { email: messages.email('Email') };
  return {};
}

/** The password rule alone, as the server checks the new password of a reset link. */
export function validatePassword(values: { password?: string }): FieldErrors<'password'> {
  if (isBlank(values.password)) return { password: messages.required('Password') };
  if (!isStrongPassword(values.password!)) return { password: messages.password };
  return {};
}

export function validateNewPassword(values: { password?: string; confirmPassword?: string }): FieldErrors<'password' | 'confirmPassword'> {
  const errors: FieldErrors<'password' | 'confirmPassword'> = validatePassword(values);
  if (isBlank(values.confirmPassword)) errors.confirmPassword = messages.required('Confirm Password');
  else if (values.confirmPassword !== values.password) errors.confirmPassword = messages.confirm('Confirm Password');
  return errors;
}

export interface RegistrationValues {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
  country?: string;
  socialNetwork?: string;
  isBuyer?: boolean;
  agreeTerms?: boolean;
}

export type RegistrationField = 'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword' | 'country' | 'socialNetwork' | 'agreeTerms';

export function validateRegistration(values: RegistrationValues, countries: readonly string[]): FieldErrors<RegistrationField> {
  const errors: FieldErrors<RegistrationField> = {};
  if (isBlank(values.firstName)) errors.firstName = messages.required('First Name');
  if (isBlank(values.lastName)) errors.lastName = messages.required('Last Name');
  if (isBlank(values.email)) errors.email = messages.required('Email');
  else if (!isEmail(values.email!)) errors.email = messages.email('Email');
  Object.assign(errors, validateNewPassword(values));
  if (isBlank(values.country)) errors.country = messages.required('Country');
  else if (!countries.includes(values.country!)) errors.country = messages.listValue('Country');
  const socialNetwork = values.isBuyer === false ? socialNetworkError(values.socialNetwork, values.country) : undefined;
  if (socialNetwork) errors.socialNetwork = socialNetwork;
  if (values.agreeTerms !== true) errors.agreeTerms = messages.terms;
  return errors;
}
