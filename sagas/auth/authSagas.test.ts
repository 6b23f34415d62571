import { DEFAULT_FEATURES } from '../../shared/features/config/configSlice';
import { ApiError, type ApiClient, type ApiRequest } from '../../shared/api/apiClient';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  loginIgnored,
  loginRequested,
  logoutRequested,
  registrationRequested,
  resetRequested,
} from '../../shared/features/auth/authSlice';
import { navigationArrived } from '../../shared/features/navigation/navigationSlice';
import type { RegisterRequest, User } from '../../shared/schemas/auth';
import { makeStore } from '../../shared/store/makeStore';
import { registration as registrationForm } from '../../test/helpers/accountClient';
import { aUser } from '../../test/helpers/fixtures';
import { watchNavigation } from '../navigation/navigationSaga';
import { authSagas } from './authSagas';

const user = (roles: User['roles'] = ['client']) => aUser({ roles, currentRole: roles[roles.length - 1]!, emailConfirmed: false });

function setup(answer: (request: ApiRequest) => Promise<unknown>, search = '?login=true', dashboardUrl = 'https://dash.example') {
  const calls: ApiRequest[] = [];
  const history: string[] = [];
  const api: ApiClient = {
    request: async (request: ApiRequest) => {
      calls.push(request);
      return answer(request);
    },
  };
  const dispatched: UnknownAction[] = [];
  const store = makeStore({ config: { dashboardUrl, adminUrl: '', features: DEFAULT_FEATURES } }, {
    sagaContext: {
      api,
      history: { push: (u) => history.push(u), replace: (u) => history.push(`replace ${u}`), leave: (u) => history.push(`leave ${u}`) },
      now: () => new Date(0),
    },
    middleware: [() => (next) => (action) => (dispatched.push(action as UnknownAction), next(action))],
  });
  store.runSaga(authSagas);
  store.runSaga(watchNavigation);
  store.dispatch(navigationArrived({ pathname: '/beats', search, routeName: 'beats', params: {}, error: null }));
  return { store, calls, history, dispatched };
}

const credentials = { email: 'ada@example.com', password: 'beats42', remember: true };
const registration = (selectedRole: RegisterRequest['selectedRole']) =>
  registrationForm({ selectedRole, ...(selectedRole === 'producer' ? { socialNetwork: 'facebook.com/ada' } : {}) }) as RegisterRequest;

describe('auth sagas', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a second login while one runs is refused with the SPEC message; the first completes', async () => {
    let finish: (value: User) => void = () => undefined;
    const { store, calls, dispatched } = setup(() => new Promise((resolve) => (finish = resolve)));
    store.dispatch(loginRequested(credentials));
    store.dispatch(loginRequested(credentials));
    expect(calls).toHaveLength(1);
    expect(dispatched).toContainEqual(loginIgnored({ message: 'Operation canceled, the request is already in progress' }));
    finish(user());
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().auth.user?.id).toBe(1);
  });

  test('success stores the user, removes login and services from the URL, and clears the form after 300 ms', async () => {
    const { store, history } = setup(async () => user(['producer']), '?login=true&services=%2Fservices&x=1');
    store.dispatch(loginRequested(credentials));
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().auth.user).not.toBeNull();
    expect(history[0]).toBe('replace /beats?x=1');
    // The seller is told once, in the services-error popup, that services are not for them.
    expect(store.getState().auth.servicesRefusal).toBe('/services');
    expect(store.getState().auth.login.clearedTimes).toBe(0);
    await jest.advanceTimersByTimeAsync(300);
    expect(store.getState().auth.login.clearedTimes).toBe(1);
  });

  test('a client who logs in with a services address on the dashboard goes there; any other address is ignored', async () => {
    const { store, history } = setup(async () => user(['client']), '?login=true&services=https%3A%2F%2Fdash.example%2Fservices');
    store.dispatch(loginRequested(credentials));
    await jest.advanceTimersByTimeAsync(0);
    expect(history).toContain('leave https://dash.example/services');
    expect(history).toContain('replace /beats');

    const phished = setup(async () => user(['client']), '?login=true&services=https%3A%2F%2Fevil.example%2Flogin');
    phished.store.dispatch(loginRequested(credentials));
    await jest.advanceTimersByTimeAsync(0);
    expect(phished.history.filter((entry) => entry.startsWith('leave'))).toEqual([]);
  });

  test.each([
    ['/%09/evil.example/services', null],
    ['/%0A/evil.example/services', null],
    ['/%5Cevil.example', null],
    ['%2F%2Fevil.example', null],
    ['/services%3Ftab%3Dbeats', 'leave /services?tab=beats'],
  ])('without a dashboard site, services=%s leads to %s', async (services, leave) => {
    const { store, history } = setup(async () => user(['client']), `?login=true&services=${services}`, '');
    store.dispatch(loginRequested(credentials));
    await jest.advanceTimersByTimeAsync(0);
    expect(history.filter((entry) => entry.startsWith('leave'))).toEqual(leave ? [leave] : []);
  });

  test('a failed login shows the server message', async () => {
    const { store } = setup(async () => {
      throw new ApiError('Email or password is incorrect', 401);
    });
    store.dispatch(loginRequested(credentials));
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().auth.login).toMatchObject({ status: 'idle', error: 'Email or password is incorrect' });
    expect(store.getState().auth.user).toBeNull();
  });

  test('an answer to the login that is not a user logs no one in: the form says the answer was unexpected', async () => {
    const { store } = setup(async () => ({ ...user(), roles: 'admin' }));
    store.dispatch(loginRequested(credentials));
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().auth.login.status).toBe('idle');
    expect(store.getState().auth.login.error).toBe('Unexpected answer from the server, please try again');
  });

  test('a buyer who registers is logged in and the popup closes; a seller sees Registration completed', async () => {
    const buyer = setup(async () => user(['client']), '?register=true');
    buyer.store.dispatch(registrationRequested(registration('client')));
    await jest.advanceTimersByTimeAsync(0);
    expect(buyer.store.getState().auth.user).not.toBeNull();
    expect(buyer.history).toContain('/beats');

    const seller = setup(async () => user(['producer']), '?register=true');
    seller.store.dispatch(registrationRequested(registration('producer')));
    await jest.advanceTimersByTimeAsync(0);
    expect(seller.store.getState().auth.registration).toMatchObject({ status: 'completed', role: 'producer' });
    expect(seller.history).toEqual([]);
  });

  test('a reset failure with code 40001 reads "Email address is invalid"', async () => {
    const { store } = setup(async () => {
      throw new ApiError('Error 40001: unknown address', 400);
    });
    store.dispatch(resetRequested({ email: 'nobody@example.com' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().auth.login.resetError).toBe('Email address is invalid');
  });

  test('a reset request that succeeds goes to /reset-password', async () => {
    const { history } = (() => {
      const context = setup(async () => ({ status: 'ok' }));
      context.store.dispatch(resetRequested({ email: 'ada@example.com' }));
      return context;
    })();
    await jest.advanceTimersByTimeAsync(0);
    expect(history).toContain('/reset-password');
  });

  test('logout clears the user even when the server call fails', async () => {
    const { store } = setup(async (request) => {
      if (request.path === '/auth/logout') throw new ApiError('Server error', 500);
      return user();
    });
    store.dispatch(loginRequested(credentials));
    await jest.advanceTimersByTimeAsync(300);
    store.dispatch(logoutRequested());
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().notifications.errorToast).toMatchObject({ message: 'Server error' });
    // The sagas survive the failure: another login still works.
    store.dispatch(loginRequested(credentials));
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().auth.user).not.toBeNull();
  });
});
