import { createFetchApiClient } from '../../client/api/fetchApiClient';
import { SESSION_STARTED, type ActionLogTicket } from '../../shared/actionLog/entry';
import { createActionLogRecorder } from '../../shared/actionLog/recorder';
import { REDACTED } from '../../shared/actionLog/redact';
import { replay } from '../../shared/actionLog/replay';
import { navigationRequested } from '../../shared/features/navigation/navigationSlice';
import { makeStore } from '../../shared/store/makeStore';
import { flushActionLog } from '../../sagas/actionLog/shipActionLog';
import { navigate, watchNavigation } from '../../sagas/navigation/navigationSaga';
import { readActionLog } from '../../server/actionLog/actionLogStore';
import { seedDemoCatalogue } from '../../server/seed/seedDemoCatalogue';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { storeUntil } from '../helpers/storeUntil';
import { issuedTicket } from './issuedTicket';

describe('a recorded live session replays to the live state', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    await seedDemoCatalogue(app.deps);
  });
  afterAll(() => app.close());

  const browserLikeStore = async (ticket: ActionLogTicket) => {
    const api = createFetchApiClient(`${app.baseUrl}/api/v1`);
    const sagaContext = { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date() };
    // The server's render of the first page, handed over as preloaded state.
    const server = makeStore(undefined, { sagaContext });
    await server.runSaga(navigate, { pathname: '/', search: '', mode: 'pop' }).toPromise();
    const preloaded = server.getState();

    const recorder = createActionLogRecorder({ ...ticket, now: () => new Date() });
    const store = makeStore(preloaded, { sagaContext, middleware: [recorder.middleware] });
    recorder.start(preloaded);
    store.runSaga(watchNavigation);
    return { store, recorder };
  };

  const settle = (store: ReturnType<typeof makeStore>) => storeUntil(store, (state) => !state.navigation.pending);

  test('through the real server and its action-log store', async () => {
    const ticket = await issuedTicket(app.baseUrl);
    const { store, recorder } = await browserLikeStore(ticket);
    for (const [pathname, search] of [
      ['/beats', ''],
      ['/for-sellers/rules', '?language=ru'],
      ['/for-buyers/purchases-shop/9', ''],
      ['/No-Such_Page', ''],
      ['/', ''],
    ] as const) {
      store.dispatch(navigationRequested({ pathname, search, mode: 'push' }));
      await settle(store);
    }
    // A password typed somewhere must never reach the log, yet the rest of the action does.
    store.dispatch({ type: 'auth/loginSubmitted', payload: { email: 'buyer@example.com', password: 'hunter22' } });

    await store.runSaga(flushActionLog, recorder).toPromise();
    expect(recorder.pendingCount()).toBe(0);

    const stored = await readActionLog(app.deps.actionLogs.query, ticket.sessionId);
    expect(stored[0]!.type).toBe(SESSION_STARTED);
    expect(stored.map((entry) => entry.seq)).toEqual(stored.map((_, index) => index + 1));
    expect(stored.find((entry) => entry.type === 'auth/loginSubmitted')?.payload).toEqual({ email: REDACTED, password: REDACTED });
    expect(JSON.stringify(stored)).not.toContain('hunter22');
    expect(JSON.stringify(stored)).not.toContain('buyer@example.com');

    expect(replay(stored)).toEqual(store.getState());
    expect(store.getState().navigation.routeName).toBe('index');
    expect(store.getState().catalogue.home.all).toHaveLength(7);
  });

  test('a later page load in the same tab continues the log and replays from its own start', async () => {
    const ticket = await issuedTicket(app.baseUrl);
    const first = await browserLikeStore(ticket);
    first.store.dispatch(navigationRequested({ pathname: '/cart', search: '', mode: 'push' }));
    await settle(first.store);
    await first.store.runSaga(flushActionLog, first.recorder).toPromise();

    const recorder = createActionLogRecorder({ ...ticket, now: () => new Date(), lastSeq: first.recorder.lastSeq() });
    const preloaded = first.store.getState();
    const store = makeStore(preloaded, {
      sagaContext: {
        api: createFetchApiClient(`${app.baseUrl}/api/v1`),
        history: { push: () => undefined, replace: () => undefined },
        now: () => new Date(),
      },
      middleware: [recorder.middleware],
    });
    recorder.start(preloaded);
    store.runSaga(watchNavigation);
    store.dispatch(navigationRequested({ pathname: '/beats', search: '', mode: 'push' }));
    await settle(store);
    await store.runSaga(flushActionLog, recorder).toPromise();

    const stored = await readActionLog(app.deps.actionLogs.query, ticket.sessionId);
    expect(stored.filter((entry) => entry.type === SESSION_STARTED)).toHaveLength(2);
    expect(replay(stored)).toEqual(store.getState());
  });
});
