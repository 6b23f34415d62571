import { ApiError, type ApiClient, type ApiRequest } from '../../shared/api/apiClient';
import { createActionLogRecorder } from '../../shared/actionLog/recorder';
import { makeStore } from '../../shared/store/makeStore';
import { languageChanged } from '../../shared/features/i18n/i18nSlice';
import { SHIP_INTERVAL_MS, shipActionLog } from './shipActionLog';

describe('shipping the action log', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup(answer: (request: ApiRequest) => Promise<unknown>) {
    const sent: ApiRequest[] = [];
    const api: ApiClient = {
      request: async <T,>(request: ApiRequest) => {
        sent.push(request);
        return (await answer(request)) as T;
      },
    };
    const recorder = createActionLogRecorder({ sessionId: 'tab-0001', token: 'proof-0001', now: () => new Date(0) });
    const store = makeStore(undefined, {
      sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) },
      middleware: [recorder.middleware],
    });
    recorder.start(store.getState());
    store.runSaga(shipActionLog, recorder);
    return { sent, recorder, store };
  }

  const seqsOf = (request: ApiRequest) => (request.body as { entries: { seq: number }[] }).entries.map((e) => e.seq);

  test('ships every interval, and only what is new', async () => {
    const { sent, store } = setup(async () => ({ stored: 1 }));
    await jest.advanceTimersByTimeAsync(SHIP_INTERVAL_MS);
    expect(sent.map(seqsOf)).toEqual([[1]]);
    store.dispatch(languageChanged('ru'));
    await jest.advanceTimersByTimeAsync(SHIP_INTERVAL_MS);
    expect(sent.map(seqsOf)).toEqual([[1], [2]]);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/action-log', body: { sessionId: 'tab-0001', token: 'proof-0001' } });
  });

  test('a failed or throttled delivery is retried at the next interval with the same entries', async () => {
    let failures = 2;
    const { sent, recorder } = setup(async () => {
      if (failures-- > 0) throw new ApiError(failures ? 'offline' : 'Too many', failures ? 0 : 429);
      return { stored: 1 };
    });
    await jest.advanceTimersByTimeAsync(SHIP_INTERVAL_MS * 3);
    expect(sent.map(seqsOf)).toEqual([[1], [1], [1]]);
    expect(recorder.unacknowledged()).toEqual([]);
  });

  test('a batch the server refuses for good is dropped so the log moves on', async () => {
    const { sent, recorder, store } = setup(async (request) => {
      if (seqsOf(request)[0] === 1) throw new ApiError('Invalid entries', 400);
      return { stored: 1 };
    });
    await jest.advanceTimersByTimeAsync(SHIP_INTERVAL_MS);
    store.dispatch(languageChanged('ru'));
    await jest.advanceTimersByTimeAsync(SHIP_INTERVAL_MS);
    expect(sent.map(seqsOf)).toEqual([[1], [2]]);
    expect(recorder.unacknowledged()).toEqual([]);
  });
});
