import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SupportSearchAnswer, SupportSessionDetail, SupportStepView } from '../../schemas/support';
import { loggedOut } from '../auth/authSlice';

/** The support console (issue 12): the session search, and the session being watched at one step. */
export interface SupportState {
  search: SupportSearchAnswer | null;
  /** The server's words when it refused the search (an email that is not one, a day that does not exist). */
  refusedSearch: string | null;
  session: SupportSessionDetail | null;
  /** The step the console shows: the address's `?at=`. */
  at: number | null;
  step: SupportStepView | null;
  /** Why the step's two sides could not be read (a step before the first page load). */
  stepError: string | null;
  importing: boolean;
  /** What the last import did, or why it was refused. */
  importStatus: { ok: boolean; message: string; sessionId: string | null } | null;
}

const initialState: SupportState = { search: null, refusedSearch: null, session: null, at: null, step: null, stepError: null, importing: false, importStatus: null };

const supportSlice = createSlice({
  name: 'support',
  initialState,
  reducers: {
    supportSearchLoaded(state, action: PayloadAction<SupportSearchAnswer>) {
      state.search = action.payload;
      state.refusedSearch = null;
    },
    supportSearchRefused(state, action: PayloadAction<string>) {
      state.search = null;
      state.refusedSearch = action.payload;
    },
    supportSessionLoaded(state, action: PayloadAction<SupportSessionDetail>) {
      state.session = action.payload;
      state.step = null;
      state.stepError = null;
    },
    /** A person chose a step (a click, an arrow key, "Next error"): the address follows, then the step loads. */
    supportStepChosen(_state, _action: PayloadAction<number>) {},
    /** A person turned "Show all" on or off: the address follows (`?all=1`), so the choice is a link too. */
    supportShowAllChosen(_state, _action: PayloadAction<boolean>) {},
    supportStepShown(state, action: PayloadAction<number>) {
      state.at = action.payload;
      state.stepError = null;
    },
    supportStepLoaded(state, action: PayloadAction<SupportStepView>) {
      if (action.payload.seq === state.at) state.step = action.payload;
    },
    supportStepFailed(state, action: PayloadAction<{ seq: number; message: string }>) {
      if (action.payload.seq !== state.at) return;
      state.step = null;
      state.stepError = action.payload.message;
    },
    /** The file waits in the page's importer under `importId`; it never enters the store. */
    supportImportRequested(state, _action: PayloadAction<{ importId: string }>) {
      state.importing = true;
      state.importStatus = null;
    },
    supportImportDone(state, action: PayloadAction<NonNullable<SupportState['importStatus']>>) {
      state.importing = false;
      state.importStatus = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectSupportSearch: (state) => state.search,
    selectSupportRefusedSearch: (state) => state.refusedSearch,
    selectSupportSession: (state) => state.session,
    selectSupportAt: (state) => state.at,
    selectSupportStep: (state) => state.step,
    selectSupportStepError: (state) => state.stepError,
    selectSupportImport: createSelector([(state: SupportState) => state.importing, (state: SupportState) => state.importStatus], (importing, status) => ({ importing, status })),
  },
});

export const {
  supportSearchLoaded,
  supportSearchRefused,
  supportSessionLoaded,
  supportStepChosen,
  supportShowAllChosen,
  supportStepShown,
  supportStepLoaded,
  supportStepFailed,
  supportImportRequested,
  supportImportDone,
} = supportSlice.actions;
export const {
  selectSupportSearch,
  selectSupportRefusedSearch,
  selectSupportSession,
  selectSupportAt,
  selectSupportStep,
  selectSupportStepError,
  selectSupportImport,
} = supportSlice.selectors;
export default supportSlice;
