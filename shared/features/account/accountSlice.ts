import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FieldErrors } from '../../api/apiClient';
import type { AccountDeletion, AccountProfile, AccountSessionView, EmailChangeRequest, PasswordChange, ProfileChange } from '../../schemas/account';
import { loggedOut } from '../auth/authSlice';

/**
 * The settings page's forms; each is sent by a saga and shows its own outcome. Not named
 * `password`: the action log's safety net redacts keys of that name, and the page's state must replay whole.
 */
export const ACCOUNT_FORMS = ['profile', 'avatar', 'emailChange', 'passwordChange', 'sessions', 'delete'] as const;
export type AccountFormName = (typeof ACCOUNT_FORMS)[number];

export interface AccountForm {
  status: 'idle' | 'sending' | 'done' | 'failed';
  /** What went wrong, or what was done (`done`): shown beside the form. */
  message: string | null;
  errors: FieldErrors;
}

export interface AccountState {
  profile: AccountProfile | null;
  sessions: AccountSessionView[] | null;
  forms: Record<AccountFormName, AccountForm>;
}

const idle: AccountForm = { status: 'idle', message: null, errors: {} };
const idleForms = () => Object.fromEntries(ACCOUNT_FORMS.map((name) => [name, idle])) as Record<AccountFormName, AccountForm>;
const initialState: AccountState = { profile: null, sessions: null, forms: idleForms() };

const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    accountProfileLoaded(state, action: PayloadAction<AccountProfile>) {
      state.profile = action.payload;
    },
    accountSessionsLoaded(state, action: PayloadAction<AccountSessionView[]>) {
      state.sessions = action.payload;
    },
    accountFormSending(state, action: PayloadAction<AccountFormName>) {
      state.forms[action.payload] = { status: 'sending', message: null, errors: {} };
    },
    accountFormDone(state, action: PayloadAction<{ form: AccountFormName; message: string }>) {
      state.forms[action.payload.form] = { status: 'done', message: action.payload.message, errors: {} };
    },
    accountFormRefused(state, action: PayloadAction<{ form: AccountFormName; message: string; errors: FieldErrors }>) {
      const { form, ...refusal } = action.payload;
      state.forms[form] = { status: 'failed', ...refusal };
    },
    accountFormDismissed(state, action: PayloadAction<AccountFormName>) {
      state.forms[action.payload] = idle;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectAccountProfile: (state) => state.profile,
    selectAccountSessions: (state) => state.sessions,
    selectAccountForms: (state) => state.forms,
  },
});

/**
 * What the forms send. Names, addresses and passwords ride in actions that are never recorded
 * (`meta.ephemeral`) and change no state: the action log and replay never see them.
 */
const ephemeral = <T>(type: string) => createAction(type, (payload: T) => ({ payload, meta: { ephemeral: true } }));
export const profileFormSent = ephemeral<ProfileChange>('account/profileFormSent');
export const emailFormSent = ephemeral<EmailChangeRequest>('account/emailFormSent');
export const passwordFormSent = ephemeral<PasswordChange>('account/passwordFormSent');
export const deletionConfirmed = ephemeral<AccountDeletion>('account/deletionConfirmed');
/** The picture waits with the upload port under this id; the action carries only the id. */
export const avatarChosen = createAction<string>('account/avatarChosen');
export const avatarRemoved = createAction('account/avatarRemoved');
export const logOutEverywhereRequested = createAction('account/logOutEverywhereRequested');

export const { accountProfileLoaded, accountSessionsLoaded, accountFormSending, accountFormDone, accountFormRefused, accountFormDismissed } = accountSlice.actions;

export const { selectAccountProfile, selectAccountSessions, selectAccountForms } = accountSlice.selectors;

export default accountSlice;
