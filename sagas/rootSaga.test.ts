import { createActionLogRecorder } from '../shared/actionLog/recorder';
import type { ApiClient } from '../shared/api/apiClient';
import { type BeatsFilters, DEFAULT_FILTERS } from '../shared/domain/catalogue/beatsQuery';
import { beatsFiltersChanged } from '../shared/features/catalogue/catalogueSlice';
import { navigationArrived, navigationRequested } from '../shared/features/navigation/navigationSlice';
import { makeStore } from '../shared/store/makeStore';
import { FLOW_RESTART_MS } from './keepFlowAlive';
import { browserRootSaga } from './rootSaga';
import { flowFailed } from './shell/failureActions';
import { actionRecorder } from '../test/helpers/actionUntil';

describe('browserRootSaga', () => {
  test('a throw in one flow leaves the other flows working, and the failed flow works again after its restart', async () => {
    jest.useFakeTimers();
    const dispatched = actionRecorder();
    try {
      const pushed: string[] = [];
      const api: ApiClient = { request: async <T,>() => ({ status: 'ok' }) as T };
      const recorder = createActionLogRecorder({ sessionId: 'tab-0001', token: 'proof', now: () => new Date(0) });
      const store = makeStore(undefined, {
        sagaContext: { api, history: { push: (url) => pushed.push(url), replace: () => undefined }, now: () => new Date() },
        middleware: [recorder.middleware, dispatched.middleware],
      });
      store.runSaga(browserRootSaga, recorder);
      store.dispatch(navigationArrived({ pathname: '/beats', search: '', routeName: 'beats', params: {}, error: null }));

      // A malformed action (a bug elsewhere) throws inside the catalogue's filter flow.
      store.dispatch(beatsFiltersChanged(undefined as unknown as BeatsFilters));
      expect(dispatched.actions).toContainEqual(flowFailed({ flow: 'beats', message: expect.any(String), restartInMs: FLOW_RESTART_MS.first }));

      // Navigation, another flow, still answers.
      store.dispatch(navigationRequested({ pathname: '/for-sellers', search: '', mode: 'push' }));
      await jest.advanceTimersByTimeAsync(0);
      expect(store.getState().navigation.routeName).toBe('for-sellers');
      expect(pushed).toEqual(['/for-sellers']);

      await jest.advanceTimersByTimeAsync(FLOW_RESTART_MS.first);
      store.dispatch(beatsFiltersChanged({ ...DEFAULT_FILTERS, hidesold: true }));
      await jest.advanceTimersByTimeAsync(0);
      expect(store.getState().navigation.search).toBe('?hidesold=true');
    } finally {
      jest.useRealTimers();
    }
  });
});
