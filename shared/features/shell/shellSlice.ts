import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SitewideSale } from '../../domain/sitewideSale';
import { navigationArrived } from '../navigation/navigationSlice';

/** SPEC §2 "Tablet panels". */
export type ShellPanel = 'navigation' | 'filter' | 'userMenu' | 'tagSearch' | 'footer';

/**
 * The progress bar of page loads (SPEC §4): `waiting` during the 200 ms throttle (nothing shown),
 * `running` while the page loads, then `done` or `failed` for the 500 ms it takes to hide.
 */
export type ProgressPhase = 'idle' | 'running' | 'done' | 'failed';

export interface ShellState {
  /** The one open tablet panel, or none. */
  panel: ShellPanel | null;
  /** The page the panel belongs to: leaving it closes the panel, a query change (a filter, a tag) does not. */
  pathname: string | null;
  /** The announcement bar's sale, decided by the server's clock when it rendered the page. */
  sale: SitewideSale | null;
  progress: { phase: ProgressPhase; /** Counts runs, so the bar restarts its animation. */ run: number };
}

const initialState: ShellState = { panel: null, pathname: null, sale: null, progress: { phase: 'idle', run: 0 } };

const shellSlice = createSlice({
  name: 'shell',
  initialState,
  reducers: {
    panelToggled(state, action: PayloadAction<ShellPanel>) {
      state.panel = state.panel === action.payload ? null : action.payload;
    },
    panelClosed(state) {
      state.panel = null;
    },
    progressStarted(state) {
      state.progress = { phase: 'running', run: state.progress.run + 1 };
    },
    progressFinished(state, action: PayloadAction<{ failed: boolean }>) {
      if (state.progress.phase === 'running') state.progress.phase = action.payload.failed ? 'failed' : 'done';
    },
    progressHidden(state) {
      state.progress.phase = 'idle';
    },
  },
  extraReducers: (builder) => {
    // A page change closes every panel (SPEC §4 "Popups close … on any route path change").
    builder.addCase(navigationArrived, (state, action) => {
      if (action.payload.pathname !== state.pathname) state.panel = null;
      state.pathname = action.payload.pathname;
    });
  },
  selectors: {
    selectPanel: (state) => state.panel,
    selectSale: (state) => state.sale,
    selectProgress: (state) => state.progress,
  },
});

export const { panelToggled, panelClosed, progressStarted, progressFinished, progressHidden } = shellSlice.actions;
export const { selectPanel, selectSale, selectProgress } = shellSlice.selectors;
export default shellSlice;
