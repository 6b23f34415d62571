import { createAction } from '@reduxjs/toolkit';
import { call, put, takeLeading } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { ApiError } from '../../shared/api/apiClient';
import {
  contactFormSubmitted,
  type PageFormName,
  pageFormFailed,
  pageFormReset,
  pageFormSent,
  reportFormSubmitted,
  soundServicesLoaded,
  subscribeFormSubmitted,
  type SubmittedValues,
} from '../../shared/features/pages/pagesSlice';
import { SoundServicesSchema } from '../../shared/schemas/pages';
import { frameClosed, frameOpened } from '../auth/popupActions';
import { withCaptcha } from '../withCaptcha';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

export const REPORT_FRAME = 'report';
export const CONNECTION_FAILED = 'Could not reach Beatcrate. Check your connection and try again.';

/** 'Report a violation' on a product page opens the report popup (frame `report`). */
export const reportPopupOpened = createAction('pages/reportPopupOpened');
/** The popup's close control, Escape, or Done after sending. */
export const reportPopupClosed = createAction('pages/reportPopupClosed');

/** Preload of /services: the sound services on offer. */
export function* loadSoundServices() {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: '/pages/services/sound' });
  assert(answer, SoundServicesSchema);
  yield put(soundServicesLoaded(answer.services));
}

const FORM_PATHS: Record<PageFormName, string> = {
  contact: '/pages/contact',
  subscribe: '/pages/subscribe',
  report: '/tracks/report',
};

/** Sends one form; the answer becomes `pageFormSent`, or `pageFormFailed` with the server's words. */
function* sendForm(form: PageFormName, action: SubmittedValues<unknown>) {
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, { method: 'POST', path: FORM_PATHS[form], body: action.meta.values, ...withCaptcha(action.meta.captcha) });
    yield put(pageFormSent(form));
  } catch (error) {
    yield put(pageFormFailed({ form, message: error instanceof ApiError ? error.message : CONNECTION_FAILED }));
  }
}

export function* pageSagas() {
  // takeLeading: a second click while a form is sending is ignored.
  const forms = [
    [contactFormSubmitted.type, 'contact'],
    [subscribeFormSubmitted.type, 'subscribe'],
    [reportFormSubmitted.type, 'report'],
  ] as const;
  for (const [type, form] of forms) {
    yield takeLeading(type, function* (action: { type: string } & SubmittedValues<unknown>) {
      yield call(sendForm, form, action);
    });
  }
  yield takeLeading(reportPopupOpened.type, function* () {
    yield put(pageFormReset('report'));
    // The popup sagas keep the frame list and the history entries of every popup.
    yield put(frameOpened(REPORT_FRAME));
  });
  yield takeLeading(reportPopupClosed.type, function* () {
    yield put(frameClosed(REPORT_FRAME));
    yield put(pageFormReset('report'));
  });
}
