import { ApiError, type ApiClient, type ApiRequest } from '../../shared/api/apiClient';
import { userRefreshed } from '../../shared/features/auth/authSlice';
import { navigationRequested, selectIsNavigating } from '../../shared/features/navigation/navigationSlice';
import { followClicked, selectFollowPending, selectProducer } from '../../shared/features/producer/producerSlice';
import type { Producer } from '../../shared/schemas/producer';
import type { ProducerOffer } from '../../shared/schemas/producerOffers';
import { makeStore } from '../../shared/store/makeStore';
import { actionRecorder } from '../../test/helpers/actionUntil';
import { aTrack } from '../../test/helpers/fixtures';
import { aUser } from '../../test/helpers/fixtures';
import { storeUntil } from '../../test/helpers/storeUntil';
import { popupOpened } from '../auth/popupActions';
import { backgroundReadFailed } from '../shell/failureActions';
import { watchNavigation } from '../navigation/navigationSaga';
import { producerSagas } from './producerSagas';

const producer = (alreadyFollowed: boolean, followers: number): Producer => ({
  id: 7,
  artistName: 'Nova Kade',
  producerName: 'Nova Kade',
  producerUrl: 'nova-kade',
  avatar: null,
  avatarSrc: null,
  counters: { numberoffollowers: { sum: followers }, numberoftracks: { sum: 1 } },
  alreadyFollowed,
});

const track = aTrack();

const OFFER: ProducerOffer = {
  id: 31,
  producerId: 7,
  producerName: 'Nova Kade',
  producerUrl: 'nova-kade',
  name: 'Custom trap beat',
  description: 'A beat made for your song, with the stems.',
  price: 180,
  deliveryDays: 7,
};

/** A fake API as the server answers; `follow` decides the follow calls' answer, `offersAnswer` the custom services'. */
function setup(
  follow: (request: ApiRequest) => Promise<unknown> = async (request) => producer(request.method === 'POST', request.method === 'POST' ? 4 : 3),
  offersAnswer: () => unknown = () => ({ offers: [OFFER] }),
) {
  const calls: ApiRequest[] = [];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      calls.push(request);
      if (request.path === '/users/producer/nova-kade') return producer(false, 3) as T;
      if (request.path.startsWith('/users/producer/')) {
        if (/\/(follow|unfollow)$/.test(request.path)) return (await follow(request)) as T;
        throw new ApiError('Producer not found', 404);
      }
      if (request.path === '/tracks') return { tracks: [track], total: 1 } as T;
      if (request.path === '/offers') return offersAnswer() as T;
      throw new ApiError('unexpected', 500);
    },
  };
  const recorder = actionRecorder();
  const store = makeStore(undefined, {
    sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) },
    middleware: [recorder.middleware],
  });
  store.runSaga(watchNavigation);
  store.runSaga(producerSagas);
  return { store, calls, dispatched: recorder.actions, dispatchedUntil: recorder.until };
}

/** No follow or unfollow call is running any more. */
const followDone = (store: ReturnType<typeof setup>['store']) => storeUntil(store, (state) => !selectFollowPending(state));

async function openPage(path = '/nova-kade', loggedIn = true) {
  const context = setup();
  return openWith(context, path, loggedIn);
}

async function openWith(context: ReturnType<typeof setup>, path = '/nova-kade', loggedIn = true) {
  if (loggedIn) context.store.dispatch(userRefreshed(aUser()));
  context.store.dispatch(navigationRequested({ pathname: path, search: '', mode: 'push' }));
  // The page has arrived (or its error page has): its preload is over.
  await storeUntil(context.store, (state) => !selectIsNavigating(state));
  return context;
}

describe('producer page sagas', () => {
  test('the preload reads the producer by short name, then their tracks and custom services by numeric id', async () => {
    const { store, calls } = await openPage();
    expect(calls.map(({ path, query }) => [path, query])).toEqual([
      ['/users/producer/nova-kade', undefined],
      ['/tracks', { author_id: 7, take: 20 }],
      ['/offers', { producer: 7 }],
    ]);
    expect(store.getState().producer.tracks.map((t) => t.name)).toEqual(['Night Drive']);
    expect(store.getState().producer.offers).toEqual([OFFER]);
    expect(store.getState().navigation).toMatchObject({ routeName: 'id', error: null });
  });

  test('custom services that cannot be read leave the page without them, not on an error page; the failure is an action of the log', async () => {
    const context = setup(undefined, () => {
      throw new ApiError('Server error', 500);
    });
    const { store, dispatched } = await openWith(context);
    expect(store.getState().navigation).toMatchObject({ routeName: 'id', error: null });
    expect(selectProducer(store.getState())?.producerUrl).toBe('nova-kade');
    expect(store.getState().producer.offers).toEqual([]);
    expect(dispatched).toContainEqual(backgroundReadFailed({ what: 'the custom services of producer 7', message: 'Server error' }));
  });

  test('/beatmaker/{id} preloads the same page', async () => {
    const { store } = await openPage('/beatmaker/nova-kade');
    expect(store.getState().navigation).toMatchObject({ routeName: 'beatmaker-id', error: null });
    expect(selectProducer(store.getState())?.producerUrl).toBe('nova-kade');
  });

  test('an unknown producer gives the 404 page', async () => {
    const { store } = await openPage('/nobody-here');
    expect(store.getState().navigation.error).toMatchObject({ statusCode: 404 });
  });

  test("a member's Follow posts, and the answer replaces count and alreadyFollowed; a second click unfollows", async () => {
    const { store, calls } = await openPage();
    store.dispatch(followClicked());
    await followDone(store);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/users/producer/7/follow' });
    expect(selectProducer(store.getState())).toMatchObject({ alreadyFollowed: true, counters: { numberoffollowers: { sum: 4 } } });
    store.dispatch(followClicked());
    await followDone(store);
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/users/producer/7/unfollow' });
    expect(selectProducer(store.getState())).toMatchObject({ alreadyFollowed: false, counters: { numberoffollowers: { sum: 3 } } });
  });

  test('a click while the call is pending is ignored', async () => {
    let finish: () => void = () => undefined;
    const context = setup((request) => new Promise((resolve) => (finish = () => resolve(producer(request.method === 'POST', 4)))));
    const { store, calls } = await openWith(context);
    store.dispatch(followClicked());
    store.dispatch(followClicked());
    store.dispatch(followClicked());
    expect(selectFollowPending(store.getState())).toBe(true);
    finish();
    await followDone(store);
    expect(calls.filter((call) => call.path.endsWith('/follow'))).toHaveLength(1);
    expect(selectProducer(store.getState())).toMatchObject({ alreadyFollowed: true, counters: { numberoffollowers: { sum: 4 } } });
    expect(selectFollowPending(store.getState())).toBe(false);
  });

  test('a failed follow changes nothing (the call returns false)', async () => {
    const context = setup(async () => {
      throw new ApiError('Server error', 500);
    });
    const { store } = await openWith(context);
    store.dispatch(followClicked());
    await followDone(store);
    expect(selectProducer(store.getState())).toEqual(producer(false, 3));
    expect(selectFollowPending(store.getState())).toBe(false);
  });

  test('a guest gets the login popup and no call is made', async () => {
    const context = setup();
    const { store, calls, dispatched, dispatchedUntil } = await openWith(context, '/nova-kade', false);
    store.dispatch(followClicked());
    await dispatchedUntil(popupOpened.match);
    expect(dispatched).toContainEqual(popupOpened('login'));
    expect(calls.some((call) => call.path.endsWith('follow'))).toBe(false);
    expect(selectProducer(store.getState())).toEqual(producer(false, 3));
  });
});
