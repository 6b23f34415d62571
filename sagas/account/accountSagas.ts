import { call, put, takeLeading } from 'redux-saga/effects';
import { assert } from 'superstruct';
import type { ApiClient } from '../../shared/api/apiClient';
import {
  type AccountFormName,
  accountFormDone,
  accountFormRefused,
  accountFormSending,
  accountProfileLoaded,
  accountSessionsLoaded,
  avatarChosen,
  avatarRemoved,
  deletionConfirmed,
  emailFormSent,
  logOutEverywhereRequested,
  passwordFormSent,
  profileFormSent,
} from '../../shared/features/account/accountSlice';
import { loggedOut } from '../../shared/features/auth/authSlice';
import { navigationRequested } from '../../shared/features/navigation/navigationSlice';
import { AccountProfileSchema, AccountSessionListSchema, EmailChangeAnswerSchema } from '../../shared/schemas/account';
import { accountStreamStopped } from '../auth/accountStreamActions';
import { checkHealth } from '../auth/checkHealth';
import { refusalOf } from '../studio/refusal';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

export const ACCOUNT_MESSAGES = {
  profile: 'Your profile is saved.',
  avatar: 'Your picture is saved.',
  avatarRemoved: 'Your picture is removed.',
  email: (address: string) => `We sent a link to ${address}. Your email changes when you follow it.`,
  password: 'Your password is changed. Your other sessions are logged out.',
} as const;

/** The account's profile and sessions: the page's preload, and the reread after a change. */
export function* readAccount() {
  const api = yield* fromContext('api');
  const profile = yield* apiCall(api, { method: 'GET', path: '/account/profile' });
  assert(profile, AccountProfileSchema);
  yield put(accountProfileLoaded(profile));
  const list = yield* apiCall(api, { method: 'GET', path: '/account/sessions' });
  assert(list, AccountSessionListSchema);
  yield put(accountSessionsLoaded(list.sessions));
}

/** Sends one form's call; a refusal shows the server's words on that form only. */
function* send(form: AccountFormName, request: (api: ApiClient) => Promise<unknown>, done: (answer: unknown) => Generator<unknown, string>) {
  const api = yield* fromContext('api');
  yield put(accountFormSending(form));
  try {
    const answer: unknown = yield call(request, api);
    const message: string = yield* done(answer);
    yield put(accountFormDone({ form, message }));
  } catch (error) {
    yield put(accountFormRefused({ form, ...refusalOf(error) }));
  }
}

/** A profile answer: into the page, and the header's user (name, avatar) from the account itself. */
function* profileAnswered(answer: unknown, message: string) {
  assert(answer, AccountProfileSchema);
  yield put(accountProfileLoaded(answer));
  yield call(checkHealth);
  return message;
}

/** The session is over (log out everywhere, account deleted): the page goes the way a logout goes. */
function* sessionEnded(to: string) {
  yield put(accountStreamStopped());
  yield put(loggedOut());
  yield put(navigationRequested({ pathname: to, search: '', mode: 'replace' }));
}

function* saveProfile({ payload }: ReturnType<typeof profileFormSent>) {
  yield* send(
    'profile',
    (api) => api.request({ method: 'PUT', path: '/account/profile', body: payload }),
    (answer) => profileAnswered(answer, ACCOUNT_MESSAGES.profile),
  );
}

function* uploadAvatar({ payload: uploadId }: ReturnType<typeof avatarChosen>) {
  const uploads = yield* fromContext('avatarUploads');
  if (!uploads) {
    yield put(accountFormRefused({ form: 'avatar', message: 'Pictures are uploaded from the browser.', errors: {} }));
    return;
  }
  try {
    yield* send('avatar', () => uploads.send(uploadId), (answer) => profileAnswered(answer, ACCOUNT_MESSAGES.avatar));
  } finally {
    uploads.release(uploadId);
  }
}

function* removeAvatar() {
  yield* send(
    'avatar',
    (api) => api.request({ method: 'DELETE', path: '/account/avatar' }),
    (answer) => profileAnswered(answer, ACCOUNT_MESSAGES.avatarRemoved),
  );
}

function* changeEmail({ payload }: ReturnType<typeof emailFormSent>) {
  yield* send(
    'emailChange',
    (api) => api.request({ method: 'POST', path: '/account/email', body: payload }),
    function* (answer) {
      assert(answer, EmailChangeAnswerSchema);
      yield call(readAccount);
      return ACCOUNT_MESSAGES.email(answer.pendingEmail);
    },
  );
}

function* changePassword({ payload }: ReturnType<typeof passwordFormSent>) {
  yield* send(
    'passwordChange',
    (api) => api.request({ method: 'POST', path: '/account/password', body: payload }),
    function* () {
      yield call(readAccount);
      return ACCOUNT_MESSAGES.password;
    },
  );
}

function* logOutEverywhere() {
  const api = yield* fromContext('api');
  yield put(accountFormSending('sessions'));
  try {
    yield* apiCall(api, { method: 'POST', path: '/account/sessions/logout-all' });
  } catch (error) {
    yield put(accountFormRefused({ form: 'sessions', ...refusalOf(error) }));
    return;
  }
  yield* sessionEnded('/');
}

function* deleteAccount({ payload }: ReturnType<typeof deletionConfirmed>) {
  const api = yield* fromContext('api');
  yield put(accountFormSending('delete'));
  try {
    yield* apiCall(api, { method: 'POST', path: '/account/delete', body: payload });
  } catch (error) {
    yield put(accountFormRefused({ form: 'delete', ...refusalOf(error) }));
    return;
  }
  yield* sessionEnded('/');
}

/** Account settings: each form's call, one at a time per form (a second click while one is on its way is ignored). */
export function* accountSagas() {
  yield takeLeading(profileFormSent.type, saveProfile);
  yield takeLeading(avatarChosen.type, uploadAvatar);
  yield takeLeading(avatarRemoved.type, removeAvatar);
  yield takeLeading(emailFormSent.type, changeEmail);
  yield takeLeading(passwordFormSent.type, changePassword);
  yield takeLeading(logOutEverywhereRequested.type, logOutEverywhere);
  yield takeLeading(deletionConfirmed.type, deleteAccount);
}
