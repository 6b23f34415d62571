import { ApiError, type ApiClient, type ApiRequest, toQueryString } from '../../shared/api/apiClient';
import { navigationArrived } from '../../shared/features/navigation/navigationSlice';
import { popularTagsRequested, selectTagSuggestions, tagSearchTyped } from '../../shared/features/tagSearch/tagSearchSlice';
import { makeStore } from '../../shared/store/makeStore';
import { tagSearchSaga } from './tagSearchSaga';

/** Each API call waits until the test answers or fails it. */
function setup(search = '') {
  const calls: Array<{ request: ApiRequest; answer: (body: unknown) => void; fail: (error: unknown) => void }> = [];
  const api: ApiClient = {
    request: <T,>(request: ApiRequest) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ request, answer: (body) => resolve(body as T), fail: reject });
      }),
  };
  const store = makeStore(undefined, {
    sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) },
  });
  store.dispatch(navigationArrived({ pathname: '/beats', search, routeName: 'beats', params: {}, error: null }));
  store.runSaga(tagSearchSaga);
  return { store, calls };
}

describe('tag search saga', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('asks GET /tags/search with the text lowercased and URL-encoded; nothing for blank text', async () => {
    const { store, calls } = setup();
    store.dispatch(tagSearchTyped('   '));
    expect(calls).toHaveLength(0);
    store.dispatch(tagSearchTyped('Hip Hop & R'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.request).toMatchObject({ method: 'GET', path: '/tags/search', query: { tags: 'hip hop & r' } });
    expect(toQueryString(calls[0]!.request.query)).toBe('?tags=hip+hop+%26+r');
    calls[0]!.answer(['hip hop & rnb']);
    await jest.advanceTimersByTimeAsync(0);
    expect(selectTagSuggestions(store.getState())).toEqual(['hip hop & rnb']);
  });

  test('the loader appears at 200 ms, not before, and goes with the answer', async () => {
    const { store, calls } = setup();
    store.dispatch(tagSearchTyped('tr'));
    await jest.advanceTimersByTimeAsync(199);
    expect(store.getState().tagSearch.loading).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(store.getState().tagSearch.loading).toBe(true);
    calls[0]!.answer(['trap']);
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().tagSearch.loading).toBe(false);
    expect(selectTagSuggestions(store.getState())).toEqual(['trap']);
  });

  test('a quick answer shows no loader at all', async () => {
    const { store, calls } = setup();
    store.dispatch(tagSearchTyped('tr'));
    calls[0]!.answer(['trap']);
    await jest.advanceTimersByTimeAsync(1000);
    expect(store.getState().tagSearch.loading).toBe(false);
  });

  test('a newer search cancels the previous one: its late answer is ignored', async () => {
    const { store, calls } = setup();
    store.dispatch(tagSearchTyped('d'));
    store.dispatch(tagSearchTyped('dr'));
    expect(calls.map((call) => call.request.query?.tags)).toEqual(['d', 'dr']);
    calls[1]!.answer(['drill']);
    await jest.advanceTimersByTimeAsync(0);
    calls[0]!.answer(['dancehall']);
    await jest.advanceTimersByTimeAsync(500);
    expect(store.getState().tagSearch.autocomplete).toEqual({ query: 'dr', tags: ['drill'] });
    expect(store.getState().tagSearch.loading).toBe(false);
  });

  test('a failure is ignored silently: the loader goes, nothing else changes', async () => {
    const { store, calls } = setup();
    store.dispatch(tagSearchTyped('tr'));
    await jest.advanceTimersByTimeAsync(200);
    calls[0]!.fail(new ApiError('Server error', 500));
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().tagSearch.loading).toBe(false);
    expect(store.getState().tagSearch.autocomplete).toEqual({ query: '', tags: [] });
  });

  test('already selected tags are left out, case-insensitively; removing one asks again', async () => {
    const { store, calls } = setup('?tags=Trap');
    store.dispatch(tagSearchTyped('tr'));
    calls[0]!.answer(['trap', 'trance']);
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().tagSearch.autocomplete.tags).toEqual(['trance']);
    store.dispatch(navigationArrived({ pathname: '/beats', search: '', routeName: 'beats', params: {}, error: null }));
    expect(calls).toHaveLength(2);
    calls[1]!.answer(['trap', 'trance']);
    await jest.advanceTimersByTimeAsync(0);
    expect(selectTagSuggestions(store.getState())).toEqual(['trap', 'trance']);
  });

  test('popular tags load once from GET /tags/top; a failure lets the next focus try again', async () => {
    const { store, calls } = setup();
    store.dispatch(popularTagsRequested());
    store.dispatch(popularTagsRequested());
    expect(calls.map((call) => call.request.path)).toEqual(['/tags/top']);
    calls[0]!.fail(new ApiError('Server error', 500));
    await jest.advanceTimersByTimeAsync(0);
    store.dispatch(popularTagsRequested());
    calls[1]!.answer(['trap', 'drill']);
    await jest.advanceTimersByTimeAsync(0);
    store.dispatch(popularTagsRequested());
    expect(calls).toHaveLength(2);
    expect(selectTagSuggestions(store.getState())).toEqual(['trap', 'drill']);
  });
});
