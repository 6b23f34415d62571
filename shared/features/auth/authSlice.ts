import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { effectiveRole } from '../../domain/auth/roles';
import type { Country, LoginRequest, RegisterRequest, User } from '../../schemas/auth';

type Status = 'idle' | 'pending';

export interface AuthState {
  user: User | null;
  /** PRO mode: a PRO buyer or a producer is logged in (SPEC §6). */
  proMode: boolean;
  /** Country names for the registration form, from GET /countries. */
  countries: string[];
  /** Each country's ISO code by name, which the registration body carries as countryShortName. */
  countryShortNames: Record<string, string>;
  login: { status: Status; error: string | null; mode: 'login' | 'forgot'; resetError: string | null; clearedTimes: number };
  registration: { status: Status | 'completed'; error: string | null; role: 'client' | 'producer' | null; resetTimes: number };
  /** The /email-confirmation/{token} page's outcome. */
  emailConfirmation: { status: 'none' | 'confirmed' | 'failed'; message: string | null };
  /** The /reset-password/{token} page: is the link good, and was the new password saved. */
  passwordReset: { link: 'none' | 'valid' | 'invalid'; status: Status | 'done'; message: string | null };
  /**
   * The services address a seller logged in with from 'Custom order': the login took it out of the
   * URL (SPEC §4), and the services-error popup shows it once, until closed.
   */
  servicesRefusal: string | null;
}

/**
 * The solved robot check travels in `meta`, which the action log does not record: it is good for
 * one request and means nothing on replay.
 */
export interface CaptchaMeta {
  captcha?: string;
}

const initialState: AuthState = {
  user: null,
  proMode: false,
  countries: [],
  countryShortNames: {},
  login: { status: 'idle', error: null, mode: 'login', resetError: null, clearedTimes: 0 },
  registration: { status: 'idle', error: null, role: null, resetTimes: 0 },
  emailConfirmation: { status: 'none', message: null },
  passwordReset: { link: 'none', status: 'idle', message: null },
  servicesRefusal: null,
};

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loginRequested(state, _action: PayloadAction<LoginRequest>) {
      state.login.status = 'pending';
      state.login.error = null;
    },
    /** A second login while one runs (SPEC §8); the running one goes on. */
    loginIgnored(_state, _action: PayloadAction<{ message: string }>) {},
    loginSucceeded(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.login.status = 'idle';
    },
    loginFailed(state, action: PayloadAction<string>) {
      state.login.status = 'idle';
      state.login.error = action.payload;
    },
    loginErrorDismissed(state) {
      state.login.error = null;
    },
    /** The form empties 300 ms after a successful login. */
    loginFormCleared(state) {
      state.login.clearedTimes += 1;
      state.login.mode = 'login';
    },
    loginModeChanged(state, action: PayloadAction<'login' | 'forgot'>) {
      state.login.mode = action.payload;
      state.login.error = null;
      state.login.resetError = null;
    },
    resetRequested: {
      reducer(state, _action: PayloadAction<{ email: string }, string, CaptchaMeta>) {
        state.login.status = 'pending';
        state.login.resetError = null;
      },
      prepare: (request: { email: string }, captcha?: string) => ({ payload: request, meta: { captcha } }),
    },
    resetSucceeded(state) {
      state.login.status = 'idle';
      state.login.mode = 'login';
    },
    resetFailed(state, action: PayloadAction<string>) {
      state.login.status = 'idle';
      state.login.resetError = action.payload;
    },
    registrationRequested: {
      reducer(state, _action: PayloadAction<RegisterRequest, string, CaptchaMeta>) {
        state.registration.status = 'pending';
        state.registration.error = null;
      },
      prepare: (request: RegisterRequest, captcha?: string) => ({ payload: request, meta: { captcha } }),
    },
    registrationSucceeded(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.registration = {
        status: 'completed',
        error: null,
        role: effectiveRole(action.payload.roles) === 'producer' ? 'producer' : 'client',
        resetTimes: state.registration.resetTimes + 1,
      };
    },
    registrationFailed(state, action: PayloadAction<string>) {
      state.registration.status = 'idle';
      state.registration.error = action.payload;
    },
    registrationErrorDismissed(state) {
      state.registration.error = null;
    },
    registrationClosed(state) {
      state.registration.status = 'idle';
      state.registration.role = null;
      state.registration.error = null;
    },
    emailConfirmationChecked(state, action: PayloadAction<{ confirmed: boolean; message: string | null }>) {
      state.emailConfirmation = { status: action.payload.confirmed ? 'confirmed' : 'failed', message: action.payload.message };
    },
    resetLinkChecked(state, action: PayloadAction<{ link: 'none' | 'valid' | 'invalid'; message: string | null }>) {
      state.passwordReset = { link: action.payload.link, status: 'idle', message: action.payload.message };
    },
    /** SPEC §7: the new password alone; the form has checked its confirmation. */
    newPasswordRequested(state, _action: PayloadAction<{ token: string; password: string }>) {
      state.passwordReset.status = 'pending';
      state.passwordReset.message = null;
    },
    newPasswordSaved(state) {
      state.passwordReset.status = 'done';
    },
    newPasswordFailed(state, action: PayloadAction<string>) {
      state.passwordReset.status = 'idle';
      state.passwordReset.message = action.payload;
    },
    countriesRequested() {},
    countriesLoaded(state, action: PayloadAction<Country[]>) {
      state.countries = action.payload.map((country) => country.name);
      state.countryShortNames = Object.fromEntries(action.payload.map((country) => [country.name, country.shortName]));
    },
    userRefreshed(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    /** Announced when PRO mode starts or ends, for the features that change with it. */
    proModeChanged(state, action: PayloadAction<boolean>) {
      state.proMode = action.payload;
    },
    /** A seller logged in to order a service: SPEC §6 refuses them, in the services-error popup. */
    servicesRefused(state, action: PayloadAction<string>) {
      state.servicesRefusal = action.payload;
    },
    servicesRefusalClosed(state) {
      state.servicesRefusal = null;
    },
    logoutRequested() {},
    loggedOut(state) {
      state.user = null;
      state.servicesRefusal = null;
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    /** The producer profile the member sells as: their own beats are not for them to buy, their page not to follow. */
    selectOwnProducerId: (state) => state.user?.producerId ?? null,
    selectProMode: (state) => state.proMode,
    selectLogin: (state) => state.login,
    selectRegistration: (state) => state.registration,
    selectCountries: (state) => state.countries,
    selectCountryShortNames: (state) => state.countryShortNames,
    selectEmailConfirmation: (state) => state.emailConfirmation,
    selectPasswordReset: (state) => state.passwordReset,
    selectServicesRefusal: (state) => state.servicesRefusal,
  },
});

export const {
  loginRequested,
  loginIgnored,
  loginSucceeded,
  loginFailed,
  loginErrorDismissed,
  loginFormCleared,
  loginModeChanged,
  resetRequested,
  resetSucceeded,
  resetFailed,
  registrationRequested,
  registrationSucceeded,
  registrationFailed,
  registrationErrorDismissed,
  registrationClosed,
  emailConfirmationChecked,
  resetLinkChecked,
  newPasswordRequested,
  newPasswordSaved,
  newPasswordFailed,
  countriesRequested,
  countriesLoaded,
  userRefreshed,
  proModeChanged,
  servicesRefused,
  servicesRefusalClosed,
  logoutRequested,
  loggedOut,
} = authSlice.actions;
export const {
  selectUser,
  selectOwnProducerId,
  selectProMode,
  selectLogin,
  selectRegistration,
  selectCountries,
  selectCountryShortNames,
  selectEmailConfirmation,
  selectPasswordReset,
  selectServicesRefusal,
} = authSlice.selectors;
export default authSlice;
