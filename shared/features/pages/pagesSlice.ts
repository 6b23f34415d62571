import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ContactRequest, SoundService, SubscribeRequest, TrackReportRequest } from '../../schemas/pages';

export type PageFormName = 'contact' | 'subscribe' | 'report';

export interface PageFormState {
  status: 'idle' | 'sending' | 'sent' | 'failed';
  /** The server's refusal or a connection failure, shown above the form. */
  error: string | null;
}

export interface PagesState {
  /** The sound services of /services, as GET /pages/services/sound answered them. */
  soundServices: SoundService[] | null;
  forms: Record<PageFormName, PageFormState>;
}

const idle: PageFormState = { status: 'idle', error: null };

const initialState: PagesState = {
  soundServices: null,
  forms: { contact: idle, subscribe: idle, report: idle },
};

/**
 * What a visitor types travels in `meta`, which the action log does not record: the saga sends
 * it, and replay needs only the status change, so free text never reaches the log. So does the
 * solved robot check, good for this one request.
 */
const submission = <T>(values: T, captcha?: string) => ({ payload: undefined, meta: { values, captcha } });

const pagesSlice = createSlice({
  name: 'pages',
  initialState,
  reducers: {
    soundServicesLoaded(state, action: PayloadAction<SoundService[]>) {
      state.soundServices = action.payload;
    },
    contactFormSubmitted: {
      reducer(state) {
        state.forms.contact = { status: 'sending', error: null };
      },
      prepare: (values: ContactRequest, captcha?: string) => submission(values, captcha),
    },
    subscribeFormSubmitted: {
      reducer(state) {
        state.forms.subscribe = { status: 'sending', error: null };
      },
      prepare: (values: SubscribeRequest, captcha?: string) => submission(values, captcha),
    },
    reportFormSubmitted: {
      reducer(state) {
        state.forms.report = { status: 'sending', error: null };
      },
      prepare: (values: TrackReportRequest, captcha?: string) => submission(values, captcha),
    },
    pageFormSent(state, action: PayloadAction<PageFormName>) {
      state.forms[action.payload] = { status: 'sent', error: null };
    },
    pageFormFailed(state, action: PayloadAction<{ form: PageFormName; message: string }>) {
      state.forms[action.payload.form] = { status: 'failed', error: action.payload.message };
    },
    /** Back to an empty form: another message, a closed report popup, a dismissed error. */
    pageFormReset(state, action: PayloadAction<PageFormName>) {
      state.forms[action.payload] = idle;
    },
  },
  selectors: {
    selectSoundServices: (state) => state.soundServices,
    selectPageForm: (state, form: PageFormName) => state.forms[form],
  },
});

export type SubmittedValues<T> = { meta: { values: T; captcha?: string } };

export const {
  soundServicesLoaded,
  contactFormSubmitted,
  subscribeFormSubmitted,
  reportFormSubmitted,
  pageFormSent,
  pageFormFailed,
  pageFormReset,
} = pagesSlice.actions;
export const { selectSoundServices, selectPageForm } = pagesSlice.selectors;
export default pagesSlice;
