import type { ApiClient, ApiRequest } from '../../shared/api/apiClient';
import { DEFAULT_FILTERS } from '../../shared/domain/catalogue/beatsQuery';
import { beatsFiltersChanged, beatsMoreRequested, beatsPageLoaded } from '../../shared/features/catalogue/catalogueSlice';
import { makeStore } from '../../shared/store/makeStore';
import type { Track } from '../../shared/schemas/track';
import { aTrack } from '../../test/helpers/fixtures';
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
  const store = makeStore(undefined, {
    sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) },
  });
  store.runSaga(beatsSagas);
  return { store, requests };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('beats paging', () => {
  test('the next page is appended without duplicates, from the list filters, and an empty page ends the list', async () => {
    const { store, requests } = setup([[track(3), track(4), track(5)], []]);
    store.dispatch(beatsPageLoaded({ search: '?genre=1', tracks: [track(1), track(2), track(3)] }));
    store.dispatch(beatsMoreRequested());
    await settle();
    expect(store.getState().catalogue.beats.tracks.map((t) => t.id)).toEqual([1, 2, 3, 4, 5]);
    expect(requests[0]).toMatchObject({ path: '/tracks', query: { genre: '1', skip: 3, take: 20 } });

    store.dispatch(beatsMoreRequested());
    await settle();
    expect(store.getState().catalogue.beats.fullyLoaded).toBe(true);
    store.dispatch(beatsMoreRequested());
    await settle();
    expect(requests).toHaveLength(2);
  });

  test('a page answered after the filters changed is dropped', async () => {
    const { store } = setup([[track(9)]]);
    store.dispatch(beatsPageLoaded({ search: '?genre=1', tracks: [track(1)] }));
    store.dispatch(beatsMoreRequested());
    store.dispatch(beatsPageLoaded({ search: '?genre=2', tracks: [track(7)] }));
    await settle();
    expect(store.getState().catalogue.beats.tracks.map((t) => t.id)).toEqual([7]);
  });

  test('changing a filter moves the URL, written canonically', async () => {
    const { store } = setup([[track(1)]]);
    store.dispatch(beatsFiltersChanged({ ...DEFAULT_FILTERS, hidesold: true, bpm: [90, 120] }));
    await settle();
    expect(store.getState().navigation.pending).toEqual({ pathname: '/beats', search: '?bpm=90,120&hidesold=true', mode: 'push' });
  });
});
