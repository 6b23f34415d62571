import { put, select } from 'redux-saga/effects';
import { type HistoryMode, navigationRequested, selectLocation } from '../../shared/features/navigation/navigationSlice';
import { withQuery } from '../../shared/routes/popupQuery';

/**
 * Opens or closes URL-driven popups: by default a history entry each, so browser back closes the
 * latest. Returns the new search string.
 */
export function* changeQuery(
  changes: Record<string, string | null>,
  options: { mode?: HistoryMode; frames?: Record<string, boolean> } = {},
): Generator<unknown, string, { pathname: string; search: string }> {
  const { pathname, search } = yield select(selectLocation);
  const next = withQuery(search, changes, options.frames);
  yield put(navigationRequested({ pathname, search: next, mode: options.mode ?? 'push' }));
  return next;
}
