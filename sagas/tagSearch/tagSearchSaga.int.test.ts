import { createFetchApiClient } from '../../client/api/fetchApiClient';
import type { ApiClient, ApiRequest, RequestFailure } from '../../shared/api/apiClient';
import { navigationArrived } from '../../shared/features/navigation/navigationSlice';
import { tagSearchTyped } from '../../shared/features/tagSearch/tagSearchSlice';
import { makeStore } from '../../shared/store/makeStore';
import { type HeldAnswerServer, startHeldAnswerServer } from '../../test/helpers/heldAnswerServer';
import { storeUntil } from '../../test/helpers/storeUntil';
import { tagSearchSaga } from './tagSearchSaga';

/** SPEC §7 "a previous request is cancelled": the browser's own API client against a slow server. */
describe('tag autocomplete over HTTP', () => {
  let server: HeldAnswerServer;
  beforeEach(async () => {
    server = await startHeldAnswerServer();
  });
  afterEach(() => server.close());

  test('a second keystroke aborts the first request; only the second answer shows and nothing is reported as failed', async () => {
    const failures: RequestFailure[] = [];
    const http = createFetchApiClient(`${server.url}/api/v1`, { onFailure: (failure) => failures.push(failure) });
    const sent: ApiRequest[] = [];
    const api: ApiClient = { request: (request) => (sent.push(request), http.request(request)) };
    const store = makeStore(undefined, { sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) } });
    store.dispatch(navigationArrived({ pathname: '/beats', search: '', routeName: 'beats', params: {}, error: null }));
    store.runSaga(tagSearchSaga);

    store.dispatch(tagSearchTyped('d'));
    const first = await server.request(0);
    expect(first.url).toBe('/api/v1/tags/search?tags=d');
    store.dispatch(tagSearchTyped('dr'));
    expect(sent[0]!.signal?.aborted).toBe(true);
    await first.abandoned;

    const second = await server.request(1);
    expect(second.url).toBe('/api/v1/tags/search?tags=dr');
    second.answer(200, ['drill']);
    const shown = await storeUntil(store, (state) => state.tagSearch.autocomplete.query === 'dr');
    expect(shown.tagSearch.autocomplete.tags).toEqual(['drill']);
    expect(failures).toEqual([]);
  });
});
