import type { UnknownAction } from '@reduxjs/toolkit';
import { loggedOut, loginSucceeded, proModeChanged, userRefreshed } from '../../shared/features/auth/authSlice';
import { makeStore } from '../../shared/store/makeStore';
import { aUser } from '../../test/helpers/fixtures';
import { proModeSaga } from './proModeSaga';

const user = aUser;

function setup() {
  const announced: boolean[] = [];
  const store = makeStore(undefined, {
    sagaContext: { api: { request: async () => undefined as never }, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) },
    middleware: [
      () => (next) => (action) => {
        if (proModeChanged.match(action as UnknownAction)) announced.push((action as ReturnType<typeof proModeChanged>).payload);
        return next(action);
      },
    ],
  });
  store.runSaga(proModeSaga);
  return { store, announced };
}

describe('pro-mode announcements', () => {
  test('a PRO buyer logging in and out is announced; a plain client is not', () => {
    const { store, announced } = setup();
    store.dispatch(loginSucceeded(user({})));
    expect(announced).toEqual([]);
    store.dispatch(loggedOut());
    store.dispatch(loginSucceeded(user({ isProBuyer: true })));
    store.dispatch(loggedOut());
    expect(announced).toEqual([true, false]);
  });

  test('a change of PRO status is announced once; producers are in PRO mode', () => {
    const { store, announced } = setup();
    store.dispatch(loginSucceeded(user({})));
    store.dispatch(userRefreshed(user({ isProBuyer: true })));
    store.dispatch(userRefreshed(user({ isProBuyer: true })));
    store.dispatch(userRefreshed(user({ isProBuyer: false, roles: ['producer'], currentRole: 'producer' })));
    expect(announced).toEqual([true]);
    expect(store.getState().auth.proMode).toBe(true);
  });
});
