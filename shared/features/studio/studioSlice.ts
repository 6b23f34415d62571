import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FieldErrors } from '../../api/apiClient';
import type { BeatDetails } from '../../schemas/studio';
import type { StudioBeatList } from '../../schemas/studioAnswers';
import type { VerificationAnswer, VerificationRequestBody } from '../../schemas/verification';
import { loggedOut } from '../auth/authSlice';

/** A form sent by a saga: idle, on its way, or refused with the server's words (per field when it said). */
export interface StudioForm {
  status: 'idle' | 'sending' | 'failed';
  message: string | null;
  errors: FieldErrors;
}

/**
 * The producer's verification as the Account page shows it. The legal name, birth date and
 * address are sent once and never kept here: the action log and the page's state carry only
 * what the producer's public page shows anyway.
 */
export type VerificationView = Pick<VerificationAnswer, 'status' | 'artistName' | 'shortName' | 'reason'>;

export interface BeatUploadState {
  uploadId: string;
  name: string;
  status: 'uploading' | 'failed';
  /** 0–100: how much of the request body has left the browser. */
  percent: number;
  message: string | null;
  errors: FieldErrors;
}

export interface StudioState {
  verification: VerificationView | null;
  verificationForm: StudioForm;
  beats: StudioBeatList | null;
  uploadFormOpen: boolean;
  upload: BeatUploadState | null;
  /** The beat whose details form is open, and how its saving went. */
  editing: ({ productId: number } & StudioForm) | null;
  /** The beat being delisted or deleted: asked to confirm, on its way, or refused. */
  removal: { productId: number; status: 'confirming' | 'removing' | 'failed'; message: string | null } | null;
}

const idleForm: StudioForm = { status: 'idle', message: null, errors: {} };

const initialState: StudioState = {
  verification: null,
  verificationForm: idleForm,
  beats: null,
  uploadFormOpen: false,
  upload: null,
  editing: null,
  removal: null,
};

const viewOf = ({ status, artistName, shortName, reason }: VerificationAnswer): VerificationView => ({ status, artistName, shortName, reason });

interface Refusal {
  message: string;
  errors: FieldErrors;
}

const studioSlice = createSlice({
  name: 'studio',
  initialState,
  reducers: {
    verificationLoaded(state, action: PayloadAction<VerificationAnswer>) {
      state.verification = viewOf(action.payload);
    },
    verificationSending(state) {
      state.verificationForm = { status: 'sending', message: null, errors: {} };
    },
    verificationSubmitted(state, action: PayloadAction<VerificationAnswer>) {
      state.verification = viewOf(action.payload);
      state.verificationForm = idleForm;
    },
    verificationRefused(state, action: PayloadAction<Refusal>) {
      state.verificationForm = { status: 'failed', ...action.payload };
    },
    verificationErrorDismissed(state) {
      state.verificationForm = idleForm;
    },
    studioBeatsLoaded(state, action: PayloadAction<StudioBeatList>) {
      state.beats = action.payload;
      if (state.editing && !action.payload.beats.some((beat) => beat.productId === state.editing?.productId)) state.editing = null;
    },
    uploadFormOpened(state) {
      state.uploadFormOpen = true;
    },
    uploadFormClosed(state) {
      state.uploadFormOpen = false;
      state.upload = null;
    },
    beatUploadRequested: {
      reducer(state, action: PayloadAction<{ uploadId: string; details: BeatDetails }>) {
        state.upload = { uploadId: action.payload.uploadId, name: action.payload.details.name, status: 'uploading', percent: 0, message: null, errors: {} };
      },
      // The upload id comes from the page, which holds the files under it (DESIGN contract 1: ids enter through actions).
      prepare: (uploadId: string, details: BeatDetails) => ({ payload: { uploadId, details } }),
    },
    beatUploadProgressed(state, action: PayloadAction<{ uploadId: string; percent: number }>) {
      if (state.upload?.uploadId === action.payload.uploadId) state.upload.percent = action.payload.percent;
    },
    beatUploadCancelled(state, action: PayloadAction<{ uploadId: string }>) {
      if (state.upload?.uploadId === action.payload.uploadId) state.upload = null;
    },
    beatUploadFailed(state, action: PayloadAction<{ uploadId: string } & Refusal>) {
      const { uploadId, ...refusal } = action.payload;
      if (state.upload?.uploadId === uploadId) state.upload = { ...state.upload, status: 'failed', ...refusal };
    },
    beatUploaded(state, action: PayloadAction<{ uploadId: string; productId: number }>) {
      if (state.upload?.uploadId !== action.payload.uploadId) return;
      state.upload = null;
      state.uploadFormOpen = false;
    },
    beatEditOpened(state, action: PayloadAction<number>) {
      state.editing = { productId: action.payload, ...idleForm };
    },
    beatEditClosed(state) {
      state.editing = null;
    },
    beatEditSubmitted: {
      reducer(state, action: PayloadAction<{ productId: number; details: BeatDetails }>) {
        state.editing = { productId: action.payload.productId, status: 'sending', message: null, errors: {} };
      },
      prepare: (productId: number, details: BeatDetails) => ({ payload: { productId, details } }),
    },
    beatEditSaved(state, action: PayloadAction<{ productId: number }>) {
      if (state.editing?.productId === action.payload.productId) state.editing = null;
    },
    beatEditRefused(state, action: PayloadAction<{ productId: number } & Refusal>) {
      const { productId, ...refusal } = action.payload;
      if (state.editing?.productId === productId) state.editing = { productId, status: 'failed', ...refusal };
    },
    beatRemovalAsked(state, action: PayloadAction<number>) {
      state.removal = { productId: action.payload, status: 'confirming', message: null };
    },
    beatRemovalDropped(state) {
      state.removal = null;
    },
    beatRemovalConfirmed(state, action: PayloadAction<number>) {
      state.removal = { productId: action.payload, status: 'removing', message: null };
    },
    beatRemoved(state, action: PayloadAction<number>) {
      state.removal = null;
      if (state.beats) state.beats.beats = state.beats.beats.filter((beat) => beat.productId !== action.payload);
      if (state.editing?.productId === action.payload) state.editing = null;
    },
    beatRemovalFailed(state, action: PayloadAction<{ productId: number; message: string }>) {
      state.removal = { ...action.payload, status: 'failed' };
    },
  },
  // One account's studio is not left in the page for whoever uses the browser next.
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectVerification: (state) => state.verification,
    selectVerificationForm: (state) => state.verificationForm,
    selectStudioBeats: (state) => state.beats,
    selectUploadFormOpen: (state) => state.uploadFormOpen,
    selectBeatUpload: (state) => state.upload,
    selectBeatEditing: (state) => state.editing,
    selectBeatRemoval: (state) => state.removal,
  },
});

/**
 * The verification form's details, on their way to the saga. Ephemeral: it changes no state and
 * is never recorded, so the legal name, birth date and address stay out of the action log.
 */
export const verificationFormSent = createAction('studio/verificationFormSent', (details: VerificationRequestBody) => ({
  payload: details,
  meta: { ephemeral: true },
}));

export const {
  verificationLoaded,
  verificationSending,
  verificationSubmitted,
  verificationRefused,
  verificationErrorDismissed,
  studioBeatsLoaded,
  uploadFormOpened,
  uploadFormClosed,
  beatUploadRequested,
  beatUploadProgressed,
  beatUploadCancelled,
  beatUploadFailed,
  beatUploaded,
  beatEditOpened,
  beatEditClosed,
  beatEditSubmitted,
  beatEditSaved,
  beatEditRefused,
  beatRemovalAsked,
  beatRemovalDropped,
  beatRemovalConfirmed,
  beatRemoved,
  beatRemovalFailed,
} = studioSlice.actions;
export const {
  selectVerification,
  selectVerificationForm,
  selectStudioBeats,
  selectUploadFormOpen,
  selectBeatUpload,
  selectBeatEditing,
  selectBeatRemoval,
} = studioSlice.selectors;
export default studioSlice;
