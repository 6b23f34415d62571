import { call, delay, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { TIMERS_MS } from '../../shared/domain/constants';
import { logoutRequested } from '../../shared/features/auth/authSlice';
import { navigationArrived, selectLocation } from '../../shared/features/navigation/navigationSlice';
import { openFrames, withQuery } from '../../shared/routes/popupQuery';
import { changeQuery } from '../navigation/changeQuery';
import { changeQueryRequested } from '../navigation/queryActions';
import { frameClosed, frameOpened, frameSwapped, popupClosed, popupOpened, popupSwitched, sellerSwitchedToBuyer } from './popupActions';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';

type Location = { pathname: string; search: string };

/**
 * Popups live in the URL. Each opening is a history entry; closing one that this page opened goes
 * back in history (so a later Back does not bring it back), otherwise the key is replaced away.
 */
export function* popupSagas() {
  // Address we pushed -> the address it was pushed from.
  const pushedFrom = new Map<string, string>();
  const key = ({ pathname, search }: Location) => `${pathname}${search}`;

  function* open(changes: Record<string, string | null>, frames?: Record<string, boolean>) {
    const from = yield* select(selectLocation);
    const search: string = yield call(changeQuery, changes, { frames });
    pushedFrom.set(key({ pathname: from.pathname, search }), key(from));
  }

  function* close(changes: Record<string, string | null>, frames?: Record<string, boolean>) {
    const at = yield* select(selectLocation);
    const without = key({ pathname: at.pathname, search: withQuery(at.search, changes, frames) });
    const history = yield* fromContext('history');
    if (pushedFrom.get(key(at)) === without && history.back) {
      pushedFrom.delete(key(at));
      yield call([history, history.back]);
      return;
    }
    yield call(changeQuery, changes, { frames, mode: 'replace' });
  }

  // Entries of a page left behind are not this page's to close; forgetting them keeps the map small.
  let page: string | null = null;
  yield takeEvery(navigationArrived.type, ({ payload }: ReturnType<typeof navigationArrived>) => {
    if (page !== null && payload.pathname !== page) pushedFrom.clear();
    page = payload.pathname;
  });
  yield takeEvery(popupOpened.type, function* ({ payload }: ReturnType<typeof popupOpened>) {
    yield call(open, { [payload]: 'true' });
  });
  // Closing removes only the popup's own key (SPEC §2 "Registration popup"). The login popup is
  // for guests, whose services key only carries where to go after logging in: dismissing the
  // login drops that errand too.
  yield takeEvery(popupClosed.type, function* ({ payload }: ReturnType<typeof popupClosed>) {
    yield call(close, payload === 'login' ? { login: null, services: null } : { [payload]: null });
  });
  yield takeEvery(frameOpened.type, function* ({ payload }: ReturnType<typeof frameOpened>) {
    yield call(open, {}, { [payload]: true });
  });
  yield takeEvery(frameClosed.type, function* ({ payload }: ReturnType<typeof frameClosed>) {
    yield call(close, {}, { [payload]: false });
  });
  yield takeEvery(frameSwapped.type, function* ({ payload }: ReturnType<typeof frameSwapped>) {
    const at = yield* select(selectLocation);
    if (!openFrames(at.search).some((name) => payload.from.includes(name))) {
      yield call(open, {}, { [payload.to]: true });
      return;
    }
    const frames = Object.fromEntries([...payload.from.map((name) => [name, false] as const), [payload.to, true] as const]);
    const search: string = yield call(changeQuery, {}, { frames, mode: 'replace' });
    // The new entry stands where the old one did: closing it still goes back to the page it was pushed from.
    const from = pushedFrom.get(key(at));
    if (from !== undefined) {
      pushedFrom.delete(key(at));
      pushedFrom.set(key({ pathname: at.pathname, search }), from);
    }
  });
  yield takeEvery(changeQueryRequested.type, function* ({ payload }: ReturnType<typeof changeQueryRequested>) {
    const opens = Object.values(payload).some((value) => value !== null);
    yield call(opens ? open : close, payload);
  });
  yield takeLatest(sellerSwitchedToBuyer.type, function* ({ payload: services }: ReturnType<typeof sellerSwitchedToBuyer>) {
    yield put(logoutRequested());
    yield delay(TIMERS_MS.popupSwitch);
    yield call(open, services === null ? { login: 'true' } : { login: 'true', services });
  });
  // The first popup's entry is replaced, so Back from the second returns to the page.
  yield takeLatest(popupSwitched.type, function* ({ payload }: ReturnType<typeof popupSwitched>) {
    yield call(changeQuery, { [payload.from]: null }, { mode: 'replace' });
    yield delay(TIMERS_MS.popupSwitch);
    yield call(open, { [payload.to]: 'true' });
  });
}
