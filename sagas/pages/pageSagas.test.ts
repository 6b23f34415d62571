import { type ApiClient, ApiError, type ApiRequest } from '../../shared/api/apiClient';
import { navigationArrived, selectIsNavigating } from '../../shared/features/navigation/navigationSlice';
import { contactFormSubmitted, selectPageForm, selectSoundServices } from '../../shared/features/pages/pagesSlice';
import { makeStore } from '../../shared/store/makeStore';
import { storeUntil } from '../../test/helpers/storeUntil';
import { popupSagas } from '../auth/popupSagas';
import { watchNavigation } from '../navigation/navigationSaga';
import { CONNECTION_FAILED, loadSoundServices, pageSagas, reportPopupClosed, reportPopupOpened } from './pageSagas';

const message = { name: 'Mara', email: 'mara@example.com', subject: 'Hi', message: 'A message long enough' };
const mastering = { id: 2, slug: 'mastering', name: 'Mastering', description: 'Loud.', priceUsd: 59, deliveryDays: 3 };

/** A store running the page sagas over an API whose answers the test holds back until it says so. */
function setup(answer: (request: ApiRequest) => Promise<unknown>) {
  const calls: ApiRequest[] = [];
  const pushed: string[] = [];
  const replaced: string[] = [];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      calls.push(request);
      return (await answer(request)) as T;
    },
  };
  const store = makeStore(undefined, {
    sagaContext: {
      api,
      history: { push: (url: string) => void pushed.push(url), replace: (url: string) => void replaced.push(url) },
      now: () => new Date(0),
    },
  });
  store.runSaga(watchNavigation);
  store.runSaga(popupSagas);
  store.runSaga(pageSagas);
  return { store, calls, pushed, replaced };
}

type TestStore = ReturnType<typeof setup>['store'];

/** The contact form is no longer sending: the server's answer, or its failure, has come. */
const contactAnswered = (store: TestStore) => storeUntil(store, (state) => selectPageForm(state, 'contact').status !== 'sending');

/** A navigation away from `search` has arrived: the address shows the new frame list. */
const addressLeft = (store: TestStore, search: string) =>
  storeUntil(store, (state) => !selectIsNavigating(state) && state.navigation.search !== search);

describe('page sagas', () => {
  test('a second submission while the first is sending is ignored', async () => {
    let release: (value: unknown) => void = () => undefined;
    let asked: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    const { store, calls } = setup(() => {
      asked();
      return new Promise((resolve) => (release = resolve));
    });
    store.dispatch(contactFormSubmitted(message));
    store.dispatch(contactFormSubmitted(message));
    await requested;
    expect(calls).toHaveLength(1);
    release({ status: 'ok' });
    await contactAnswered(store);
    expect(selectPageForm(store.getState(), 'contact').status).toBe('sent');
  });

  test('the server’s message, or a connection failure, becomes the form’s error', async () => {
    const refused = setup(async () => {
      throw new ApiError('Email must be a valid email address', 400);
    });
    refused.store.dispatch(contactFormSubmitted(message));
    await contactAnswered(refused.store);
    expect(selectPageForm(refused.store.getState(), 'contact')).toEqual({ status: 'failed', error: 'Email must be a valid email address' });

    const offline = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    offline.store.dispatch(contactFormSubmitted(message));
    await contactAnswered(offline.store);
    expect(selectPageForm(offline.store.getState(), 'contact').error).toBe(CONNECTION_FAILED);
  });

  test('the report popup opens as the report frame, a history entry; closing takes the frame out', async () => {
    const { store, pushed, replaced } = setup(async () => ({}));
    store.dispatch(navigationArrived({ pathname: '/beats', search: '?frame=terms', routeName: 'beats', params: {}, error: null }));
    store.dispatch(reportPopupOpened());
    await addressLeft(store, '?frame=terms');
    expect(store.getState().navigation.search).toBe('?frame=terms%2Creport');
    store.dispatch(reportPopupClosed());
    await addressLeft(store, '?frame=terms%2Creport');
    expect(store.getState().navigation.search).toBe('?frame=terms');
    expect(pushed).toEqual(['/beats?frame=terms%2Creport']);
    // Without a Back to go to (this history port has none), the entry is replaced.
    expect(replaced).toEqual(['/beats?frame=terms']);
  });

  test('loadSoundServices stores what the API answers and refuses a malformed answer', async () => {
    const { store } = setup(async () => ({ services: [mastering] }));
    await store.runSaga(loadSoundServices).toPromise();
    expect(selectSoundServices(store.getState())).toEqual([mastering]);

    const broken = setup(async () => ({ services: [{ name: 'Mastering' }] }));
    // redux-saga reports the saga's uncaught error on the console: here it is the expected outcome.
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(broken.store.runSaga(loadSoundServices).toPromise()).rejects.toThrow('services.0.id');
    } finally {
      reported.mockRestore();
    }
  });
});
