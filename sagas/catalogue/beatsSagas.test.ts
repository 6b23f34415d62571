import type { ApiClient, ApiRequest } from '../../shared/api/apiClient';
import { DEFAULT_FILTERS } from '../../shared/domain/catalogue/beatsQuery';
import { beatsFiltersChanged, beatsMoreLoaded, beatsMoreRequested, beatsPageLoaded } from '../../shared/features/catalogue/catalogueSlice';
import { makeStore } from '../../shared/store/makeStore';
import type { Track } from '../../shared/schemas/track';
import { actionRecorder } from '../../test/helpers/actionUntil';
import { aTrack } from '../../test/helpers/fixtures';
import { storeUntil } from '../../test/helpers/storeUntil';
import { beatsSagas } from './beatsSagas';

const track = (id: number) => aTrack({ id, name: `Beat ${id}` });

function setup(pages: Track[][]) {
  const requests: ApiRequest[] = [];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      requests.push(request);
      return { tracks: pages.shift() ?? [], total: 0 } as T;
    },
  };
  const recorder = actionRecorder();
  const store = makeStore(undefined, {
    sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) },
    middleware: [recorder.middleware],
  });
  store.runSaga(beatsSagas);
  return { store, requests, dispatchedUntil: recorder.until };
}

/** The next page asked for has come: the list is no longer loading. */
const pageLoaded = (store: ReturnType<typeof setup>['store']) => storeUntil(store, (state) => state.catalogue.beats.status === 'idle');

describe('beats paging', () => {
  test('the next page is appended without duplicates, from the list filters, and an empty page ends the list', async () => {
    const { store, requests } = setup([[track(3), track(4), track(5)], []]);
    store.dispatch(beatsPageLoaded({ search: '?genre=1', tracks: [track(1), track(2), track(3)] }));
    store.dispatch(beatsMoreRequested());
    await pageLoaded(store);
    expect(store.getState().catalogue.beats.tracks.map((t) => t.id)).toEqual([1, 2, 3, 4, 5]);
    expect(requests[0]).toMatchObject({ path: '/tracks', query: { genre: '1', skip: 3, take: 20 } });

    store.dispatch(beatsMoreRequested());
    await pageLoaded(store);
    expect(store.getState().catalogue.beats.fullyLoaded).toBe(true);
    // A fully loaded list asks for nothing; loadMore reads the list synchronously, so a request would already be in `requests`.
    store.dispatch(beatsMoreRequested());
    expect(store.getState().catalogue.beats.status).toBe('idle');
    expect(requests).toHaveLength(2);
  });

  test('a page answered after the filters changed is dropped', async () => {
    const { store, dispatchedUntil } = setup([[track(9)]]);
    store.dispatch(beatsPageLoaded({ search: '?genre=1', tracks: [track(1)] }));
    store.dispatch(beatsMoreRequested());
    store.dispatch(beatsPageLoaded({ search: '?genre=2', tracks: [track(7)] }));
    // The ?genre=1 page has been answered and handed to the list, after the filters changed.
    await dispatchedUntil(beatsMoreLoaded.match);
    expect(store.getState().catalogue.beats.tracks.map((t) => t.id)).toEqual([7]);
  });

  test('changing a filter moves the URL, written canonically', async () => {
    const { store } = setup([[track(1)]]);
    store.dispatch(beatsFiltersChanged({ ...DEFAULT_FILTERS, hidesold: true, bpm: [90, 120] }));
    await storeUntil(store, (state) => state.navigation.pending !== null);
    expect(store.getState().navigation.pending).toEqual({ pathname: '/beats', search: '?bpm=90,120&hidesold=true', mode: 'push' });
  });
});
