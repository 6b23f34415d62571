import { put, select } from 'redux-saga/effects';
import { navigationRequested, selectLocation } from '../../shared/features/navigation/navigationSlice';
import { withQuery } from '../../shared/routes/popupQuery';

/** Opens or closes URL-driven popups: a history entry each, so browser back closes the latest. */
export function* changeQuery(changes: Record<string, string | null>) {
  const { pathname, search }: { pathname: string; search: string } = yield select(selectLocation);
  yield put(navigationRequested({ pathname, search: withQuery(search, changes), mode: 'push' }));
}
