import { call } from 'redux-saga/effects';
import { createActionLogRecorder } from '../../shared/actionLog/recorder';
import { REDACTED } from '../../shared/actionLog/redact';
import { replay } from '../../shared/actionLog/replay';
import { ApiError, type ApiClient, type RequestFailure, requestFailed } from '../../shared/api/apiClient';
import { rootReducer } from '../../shared/store/rootReducer';
import { makeStore } from '../../shared/store/makeStore';
import { createFetchApiClient } from './fetchApiClient';

const BASE = 'https://shop.example/api/v1';

function answering(answer: () => Promise<Response>) {
  const fetchMock = jest.fn(answer);
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const json = (status: number, body: unknown, statusText = '') => new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

describe('the browser API client reports failed requests', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  const client = () => {
    const failures: RequestFailure[] = [];
    return { failures, api: createFetchApiClient(BASE, { onFailure: (failure) => failures.push(failure) }) };
  };

  test('an HTTP error: method, pathname without the query string, status and the server\'s message', async () => {
    answering(async () => json(400, { statusCode: 400, message: 'Coupon code is not valid' }));
    const { failures, api } = client();
    await expect(api.request({ method: 'POST', path: '/ecommerce/cart/coupon', query: { email: 'buyer@example.com' }, body: { code: 'X' } })).rejects.toEqual(
      new ApiError('Coupon code is not valid', 400),
    );
    expect(failures).toEqual([{ method: 'POST', path: '/api/v1/ecommerce/cart/coupon', status: 400, message: 'Coupon code is not valid' }]);
  });

  test('a refusal that carries more than words (an order\'s new total and cart) hands the whole answer to the saga', async () => {
    const refusal = { statusCode: 409, message: 'The price changed: the total is now $1,051.94.', expectedTotal: 105_194, cart: { items: [] } };
    answering(async () => json(409, refusal));
    const { api } = client();
    const error: unknown = await api.request({ method: 'POST', path: '/ecommerce/orders/stripe', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).answer).toEqual(refusal);
  });

  test('a query written into the path stays out too; an answer without a message reports its status text', async () => {
    answering(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const { failures, api } = client();
    await expect(api.request({ method: 'GET', path: '/tracks?search=buyer%40example.com' })).rejects.toBeInstanceOf(ApiError);
    expect(failures).toEqual([{ method: 'GET', path: '/api/v1/tracks', status: 502, message: 'Bad Gateway' }]);
  });

  test('no answer at all is status 0 with the network\'s message', async () => {
    answering(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { failures, api } = client();
    await expect(api.request({ method: 'GET', path: '/ecommerce/cart' })).rejects.toEqual(new ApiError('Failed to fetch', 0));
    expect(failures).toEqual([{ method: 'GET', path: '/api/v1/ecommerce/cart', status: 0, message: 'Failed to fetch' }]);
  });

  test('a request that succeeds reports nothing, and neither does the action log\'s own delivery', async () => {
    const { failures, api } = client();
    answering(async () => json(200, { ok: true }));
    await expect(api.request({ method: 'GET', path: '/health' })).resolves.toEqual({ ok: true });
    answering(async () => json(413, { statusCode: 413, message: 'This action log holds its limit of 10000 entries and takes no more' }));
    await expect(api.request({ method: 'POST', path: '/action-log', body: {} })).rejects.toBeInstanceOf(ApiError);
    answering(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.request({ method: 'POST', path: '/action-log', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(failures).toEqual([]);
  });
});

describe('api/requestFailed in the store, as client/index.tsx wires it', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  test('is recorded (redacted) at the step it happened and changes no reducer\'s state, so replay is unaffected', async () => {
    answering(async () => json(404, { statusCode: 404, message: 'No account for buyer@example.com' }));
    const recorder = createActionLogRecorder({ sessionId: 'tab-0001', token: 'proof-0001', now: () => new Date(Date.UTC(2026, 10, 25)) });
    // The store is made after the client that reports to it, as in the browser's entry.
    let store: ReturnType<typeof makeStore>;
    const api: ApiClient = createFetchApiClient(BASE, { onFailure: (failure) => store.dispatch(requestFailed(failure)) });
    store = makeStore(undefined, {
      sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) },
      middleware: [recorder.middleware],
    });
    recorder.start(store.getState());
    const before = store.getState();

    let caught: unknown;
    await store.runSaga(function* () {
      try {
        yield call([api, api.request], { method: 'GET', path: '/account/lookup', query: { email: 'buyer@example.com' } });
      } catch (error) {
        caught = error;
      }
    }).toPromise();

    expect(caught).toBeInstanceOf(ApiError);
    expect(store.getState()).toBe(before);
    const entries = recorder.unacknowledged();
    expect(entries.map((entry) => entry.type)).toEqual(['actionLog/sessionStarted', 'api/requestFailed']);
    expect(entries[1]!.payload).toEqual({ method: 'GET', path: '/api/v1/account/lookup', status: 404, message: REDACTED });
    expect(replay(entries)).toEqual(before);
  });

  test('no slice reacts to it', () => {
    const state = rootReducer(undefined, { type: '@@init' });
    expect(rootReducer(state, requestFailed({ method: 'POST', path: '/api/v1/ecommerce/orders/stripe', status: 402, message: 'Your card was declined' }))).toBe(state);
  });
});
