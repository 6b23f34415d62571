import { aUser } from '../../../test/helpers/fixtures';
import type { RegisterRequest } from '../../schemas/auth';
import authSlice, {
  countriesLoaded,
  loggedOut,
  loginFailed,
  loginFormCleared,
  loginModeChanged,
  loginRequested,
  loginSucceeded,
  newPasswordFailed,
  newPasswordRequested,
  newPasswordSaved,
  proModeChanged,
  registrationClosed,
  registrationErrorDismissed,
  registrationFailed,
  registrationRequested,
  registrationSucceeded,
  resetFailed,
  resetLinkChecked,
  resetRequested,
  resetSucceeded,
  selectCountries,
  selectCountryShortNames,
  selectOwnProducerId,
  selectProMode,
  selectUser,
  servicesRefused,
  type AuthState,
} from './authSlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(authSlice.reducer);
const root = (auth: AuthState) => ({ auth });

const credentials = { email: 'ada@example.com', password: 'Secret123!' };
const registration: RegisterRequest = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'Secret123!',
  confirmPassword: 'Secret123!',
  country: 'Germany',
  agreeTerms: true,
  selectedRole: 'client',
};

describe('auth slice', () => {
  test('a failed login ends the wait with the server’s words; the next try clears them and a success logs in', () => {
    const failed = reduce(undefined, loginRequested(credentials), loginFailed('Wrong email or password'));
    expect(failed.login).toMatchObject({ status: 'idle', error: 'Wrong email or password' });
    const retrying = reduce(failed, loginRequested(credentials));
    expect(retrying.login).toMatchObject({ status: 'pending', error: null });
    const done = reduce(retrying, loginSucceeded(aUser()));
    expect(done.login.status).toBe('idle');
    expect(selectUser(root(done))?.email).toBe('ada@example.com');
  });

  test('switching between login and forgot-password forgets both forms’ errors; a sent reset goes back to login', () => {
    const refused = reduce(undefined, loginFailed('Wrong email or password'), loginModeChanged('forgot'), resetRequested({ email: 'x@example.com' }), resetFailed('No such account'));
    expect(refused.login).toMatchObject({ mode: 'forgot', status: 'idle', error: null, resetError: 'No such account' });
    expect(reduce(refused, loginModeChanged('login')).login).toMatchObject({ mode: 'login', resetError: null });
    expect(reduce(refused, resetRequested({ email: 'ada@example.com' }), resetSucceeded()).login).toMatchObject({ mode: 'login', status: 'idle', resetError: null });
    const cleared = reduce(refused, loginFormCleared(), loginFormCleared());
    expect(cleared.login).toMatchObject({ mode: 'login', clearedTimes: 2 });
  });

  test('the solved robot check rides in meta, never in the recorded payload', () => {
    const reset = resetRequested({ email: 'ada@example.com' }, 'solved-captcha');
    expect(reset.payload).toEqual({ email: 'ada@example.com' });
    expect(reset.meta).toEqual({ captcha: 'solved-captcha' });
    expect(registrationRequested(registration, 'solved-captcha').payload).not.toHaveProperty('captcha');
  });

  test('a registration completes as seller or buyer by the account’s role; closing the popup keeps the reset count', () => {
    const seller = reduce(undefined, registrationRequested({ ...registration, selectedRole: 'producer' }), registrationSucceeded(aUser({ roles: ['producer'], currentRole: 'producer' })));
    expect(seller.registration).toEqual({ status: 'completed', error: null, role: 'producer', resetTimes: 1 });
    const closed = reduce(seller, registrationClosed());
    expect(closed.registration).toEqual({ status: 'idle', error: null, role: null, resetTimes: 1 });
    expect(reduce(closed, registrationSucceeded(aUser())).registration).toMatchObject({ role: 'client', resetTimes: 2 });
  });

  test('a refused registration shows why until dismissed or sent again', () => {
    const refused = reduce(undefined, registrationRequested(registration), registrationFailed('Email already taken'));
    expect(refused.registration).toMatchObject({ status: 'idle', error: 'Email already taken' });
    expect(reduce(refused, registrationErrorDismissed()).registration.error).toBeNull();
    expect(reduce(refused, registrationRequested(registration)).registration).toMatchObject({ status: 'pending', error: null });
  });

  test('the reset-password page: a refused password says why until the next try; a new link check starts over', () => {
    const refused = reduce(undefined, resetLinkChecked({ link: 'valid', message: null }), newPasswordRequested({ token: 't', password: 'weak' }), newPasswordFailed('Too weak'));
    expect(refused.passwordReset).toEqual({ link: 'valid', status: 'idle', message: 'Too weak' });
    const retried = reduce(refused, newPasswordRequested({ token: 't', password: 'Strong123!' }));
    expect(retried.passwordReset).toMatchObject({ status: 'pending', message: null });
    const saved = reduce(retried, newPasswordSaved());
    expect(saved.passwordReset.status).toBe('done');
    expect(reduce(saved, resetLinkChecked({ link: 'invalid', message: 'This link has expired' })).passwordReset).toEqual({ link: 'invalid', status: 'idle', message: 'This link has expired' });
  });

  test('countries keep their order for the form and give their ISO code by name', () => {
    const state = reduce(undefined, countriesLoaded([{ name: 'Germany', shortName: 'DE' }, { name: 'France', shortName: 'FR' }]));
    expect(selectCountries(root(state))).toEqual(['Germany', 'France']);
    expect(selectCountryShortNames(root(state))).toEqual({ Germany: 'DE', France: 'FR' });
  });

  test('the member’s own producer profile is the one their account sells as', () => {
    expect(selectOwnProducerId(root(reduce(undefined)))).toBeNull();
    expect(selectOwnProducerId(root(reduce(undefined, loginSucceeded(aUser({ roles: ['producer'], currentRole: 'producer', producerId: 7 })))))).toBe(7);
  });

  test('logout forgets the user and a services refusal; PRO mode waits for its own announcement, which compares with it', () => {
    const state = reduce(undefined, countriesLoaded([{ name: 'Germany', shortName: 'DE' }]), loginSucceeded(aUser({ isProBuyer: true })), proModeChanged(true), servicesRefused('/services'), loggedOut());
    expect(selectUser(root(state))).toBeNull();
    expect(state.servicesRefusal).toBeNull();
    expect(selectProMode(root(state))).toBe(true);
    expect(selectCountries(root(state))).toEqual(['Germany']);
  });
});
