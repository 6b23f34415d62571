import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type HistoryMode = 'push' | 'replace' | 'pop';

export interface PageError {
  statusCode: number;
  message: string;
  /** True when no route matched at all (the 404 page then adds 'This page could not be found'). */
  noRoute: boolean;
}

export interface NavigationState {
  pathname: string;
  search: string;
  routeName: string | null;
  params: Record<string, string>;
  error: PageError | null;
  /** Where the server should redirect the first request to. */
  redirect: string | null;
  pending: { pathname: string; search: string; mode: HistoryMode } | null;
}

const initialState: NavigationState = {
  pathname: '/',
  search: '',
  routeName: null,
  params: {},
  error: null,
  redirect: null,
  pending: null,
};

export interface ArrivedPayload {
  pathname: string;
  search: string;
  routeName: string | null;
  params: Record<string, string>;
  error: PageError | null;
}

const navigationSlice = createSlice({
  name: 'navigation',
  initialState,
  reducers: {
    navigationRequested(state, action: PayloadAction<{ pathname: string; search: string; mode: HistoryMode }>) {
      state.pending = action.payload;
      state.redirect = null;
    },
    navigationArrived(state, action: PayloadAction<ArrivedPayload>) {
      Object.assign(state, action.payload);
      state.pending = null;
    },
    navigationRedirected(state, action: PayloadAction<{ to: string }>) {
      state.redirect = action.payload.to;
    },
  },
  selectors: {
    selectLocation: createSelector(
      [(state: NavigationState) => state.pathname, (state: NavigationState) => state.search],
      (pathname, search) => ({ pathname, search }),
    ),
    selectPageStatus: (state) => state.error?.statusCode ?? 200,
    selectPageError: (state) => state.error,
    selectRouteName: (state) => state.routeName,
    selectRouteParams: (state) => state.params,
    selectRedirect: (state) => state.redirect,
    selectIsNavigating: (state) => state.pending !== null,
  },
});

export const { navigationRequested, navigationArrived, navigationRedirected } = navigationSlice.actions;
export const {
  selectLocation,
  selectPageStatus,
  selectPageError,
  selectRouteName,
  selectRouteParams,
  selectRedirect,
  selectIsNavigating,
} = navigationSlice.selectors;
export default navigationSlice;
