import { put, takeLatest } from 'redux-saga/effects';
import {
  emailConfirmationChecked,
  newPasswordFailed,
  newPasswordRequested,
  newPasswordSaved,
  resetLinkChecked,
} from '../../shared/features/auth/authSlice';
import type { PreloadInput } from '../navigation/routePreloaders';
import { errorMessage } from './authSagas';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

/** Preload of /email-confirmation/{token?}: confirms the address the mail's link names. */
export function* confirmEmail({ params }: PreloadInput) {
  if (!params.token) {
    yield put(emailConfirmationChecked({ confirmed: false, message: null }));
    return;
  }
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, { method: 'GET', path: `/auth/email-confirmation/${encodeURIComponent(params.token)}` });
    yield put(emailConfirmationChecked({ confirmed: true, message: null }));
  } catch (error) {
    yield put(emailConfirmationChecked({ confirmed: false, message: errorMessage(error) }));
  }
}

/** Preload of /reset-password/{token?}: only a valid link gets the new-password form. */
export function* checkResetLink({ params }: PreloadInput) {
  if (!params.token) {
    yield put(resetLinkChecked({ link: 'none', message: null }));
    return;
  }
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, { method: 'GET', path: `/auth/reset/validate/${encodeURIComponent(params.token)}` });
    yield put(resetLinkChecked({ link: 'valid', message: null }));
  } catch (error) {
    yield put(resetLinkChecked({ link: 'invalid', message: errorMessage(error) }));
  }
}

function* saveNewPassword({ payload }: ReturnType<typeof newPasswordRequested>) {
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, {
      method: 'POST',
      path: `/auth/reset/new/${encodeURIComponent(payload.token)}`,
      body: { password: payload.password },
    });
    yield put(newPasswordSaved());
  } catch (error) {
    yield put(newPasswordFailed(errorMessage(error)));
  }
}

export function* accountPageSagas() {
  yield takeLatest(newPasswordRequested.type, saveNewPassword);
}
