import type { OpenAccountStream } from '../../shared/api/accountStream';
import { ApiError, type ApiClient, type ApiRequest } from '../../shared/api/apiClient';
import { STREAM_MAX_RETRIES } from '../../shared/domain/constants';
import { userRefreshed } from '../../shared/features/auth/authSlice';
import { makeStore } from '../../shared/store/makeStore';
import { aUser } from '../../test/helpers/fixtures';
import { accountStreamStarted, pageBecameVisible } from './accountStreamActions';
import { accountStreamSagas } from './accountStreamSaga';

const user = aUser();

/** Stands in for the browser's EventSource: each open is recorded and can be fed or failed. */
function fakeStreams() {
  const opened: Array<{ message: (data: unknown) => void; fail: () => void; closed: boolean }> = [];
  const open: OpenAccountStream = ({ onMessage, onError }) => {
    const stream = { message: onMessage, fail: onError, closed: false };
    opened.push(stream);
    return () => {
      stream.closed = true;
    };
  };
  return { opened, open };
}

function setup(health: (request: ApiRequest) => Promise<unknown> = async () => user) {
  const streams = fakeStreams();
  const calls: string[] = [];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      calls.push(`${request.method} ${request.path}`);
      return (await health(request)) as T;
    },
  };
  const store = makeStore(undefined, {
    sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0), openAccountStream: streams.open },
  });
  store.runSaga(accountStreamSagas);
  store.dispatch(userRefreshed(user));
  return { store, streams, calls };
}

describe('account stream saga', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('user changes on the stream update the user; null logs out and closes', () => {
    const { store, streams } = setup();
    store.dispatch(accountStreamStarted());
    streams.opened[0]!.message({ type: 'UserUpdated', user: { ...user, isProBuyer: true } });
    expect(store.getState().auth.user?.isProBuyer).toBe(true);
    streams.opened[0]!.message(null);
    expect(store.getState().auth.user).toBeNull();
    expect(streams.opened[0]!.closed).toBe(true);
  });

  test('reconnects 5000 ms after a failure', async () => {
    const { store, streams } = setup();
    store.dispatch(accountStreamStarted());
    streams.opened[0]!.fail();
    expect(streams.opened[0]!.closed).toBe(true);
    await jest.advanceTimersByTimeAsync(4999);
    expect(streams.opened).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(streams.opened).toHaveLength(2);
  });

  test('gives up after 1800 reconnections', async () => {
    const { store, streams } = setup();
    store.dispatch(accountStreamStarted());
    for (let i = 0; i <= STREAM_MAX_RETRIES; i++) {
      streams.opened[i]!.fail();
      await jest.advanceTimersByTimeAsync(5000);
    }
    expect(streams.opened).toHaveLength(STREAM_MAX_RETRIES + 1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(streams.opened).toHaveLength(STREAM_MAX_RETRIES + 1);
  });

  test('when the page becomes visible it checks health after 200 ms; a 401 logs out and closes the stream', async () => {
    const { store, streams, calls } = setup(async () => {
      throw new ApiError('Unauthorized', 401);
    });
    store.dispatch(accountStreamStarted());
    store.dispatch(pageBecameVisible());
    await jest.advanceTimersByTimeAsync(199);
    expect(calls).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['GET /auth/checkhealth']);
    expect(store.getState().auth.user).toBeNull();
    expect(streams.opened[0]!.closed).toBe(true);
  });

  test('a health check without an answer changes nothing; 403 logs out', async () => {
    let answer: ApiError = new ApiError('Network error', 0);
    const { store } = setup(async () => {
      throw answer;
    });
    store.dispatch(pageBecameVisible());
    await jest.advanceTimersByTimeAsync(200);
    expect(store.getState().auth.user).not.toBeNull();
    answer = new ApiError('Forbidden', 403);
    store.dispatch(pageBecameVisible());
    await jest.advanceTimersByTimeAsync(200);
    expect(store.getState().auth.user).toBeNull();
  });
});
