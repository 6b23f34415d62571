/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiError, type ApiClient, type ApiRequest } from '../../../shared/api/apiClient';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import { navigationArrived } from '../../../shared/features/navigation/navigationSlice';
import { producerPageLoaded } from '../../../shared/features/producer/producerSlice';
import type { Producer } from '../../../shared/schemas/producer';
import type { ProducerOffer } from '../../../shared/schemas/producerOffers';
import { makeStore } from '../../../shared/store/makeStore';
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import { popupSagas } from '../../../sagas/auth/popupSagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { producerSagas } from '../../../sagas/producer/producerSagas';
import { aTrack, aUser } from '../../../test/helpers/fixtures';
import { App } from '../../App';

const producer = (alreadyFollowed: boolean, followers: number, avatarSrc: string | null = null): Producer => ({
  id: 7,
  artistName: 'Nova Kade',
  producerName: 'Nova Kade',
  producerUrl: 'nova-kade',
  avatar: avatarSrc === null ? null : { directSrc: avatarSrc },
  avatarSrc,
  counters: { numberoffollowers: { sum: followers }, numberoftracks: { sum: 1 } },
  alreadyFollowed,
});

const track = aTrack();

const offer = (id: number, name: string, price: number, deliveryDays: number, description: string): ProducerOffer => ({
  id,
  producerId: 7,
  producerName: 'Nova Kade',
  producerUrl: 'nova-kade',
  name,
  description,
  price,
  deliveryDays,
});
const OFFERS = [
  offer(31, 'Custom trap beat', 180, 7, 'A beat made for your song, with the stems.'),
  offer(32, 'Vocal mixing', 60, 1, 'Your vocals mixed on one of my beats.'),
];

function renderPage({
  loggedIn,
  shown = producer(false, 3),
  follow,
  fullProducerPage = true,
  offers = [],
  dashboardUrl = '',
}: {
  loggedIn: boolean;
  shown?: Producer;
  follow?: (request: ApiRequest) => Promise<unknown>;
  fullProducerPage?: boolean;
  offers?: ProducerOffer[];
  dashboardUrl?: string;
}) {
  const calls: ApiRequest[] = [];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      // Opening a popup changes the address, and the page's preload runs again.
      if (request.path === '/users/producer/nova-kade') return shown as T;
      if (request.path === '/tracks') return { tracks: [track], total: 1 } as T;
      if (request.path === '/offers') return { offers } as T;
      calls.push(request);
      if (follow) return (await follow(request)) as T;
      return producer(request.method === 'POST', request.method === 'POST' ? 4 : 3) as T;
    },
  };
  const store = makeStore({ config: { dashboardUrl, adminUrl: '', features: { ...DEFAULT_FEATURES, fullProducerPage } } }, {
    sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) },
  });
  store.runSaga(watchNavigation);
  store.runSaga(popupSagas);
  store.runSaga(producerSagas);
  store.dispatch(producerPageLoaded({ producer: shown, tracks: [track], offers }));
  store.dispatch(navigationArrived({ pathname: '/nova-kade', search: '', routeName: 'id', params: { id: 'nova-kade' }, error: null }));
  if (loggedIn) store.dispatch(userRefreshed(aUser()));
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  return { store, calls };
}

describe('producer page', () => {
  test('a producer gets no Follow on their own page; another producer does', () => {
    const { store } = renderPage({ loggedIn: false });
    act(() => {
      store.dispatch(userRefreshed(aUser({ roles: ['producer'], currentRole: 'producer', producerId: 7 })));
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Nova Kade' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Follow/ })).toBeNull();
    act(() => {
      store.dispatch(userRefreshed(aUser({ roles: ['producer'], currentRole: 'producer', producerId: 9 })));
    });
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
  });

  test('shows the placeholder avatar, name, follower count, Follow and the track list', () => {
    renderPage({ loggedIn: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Nova Kade' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Nova Kade avatar' }).tagName).toBe('DIV');
    expect(screen.getByText('3 followers')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow' }).getAttribute('aria-pressed')).toBe('false');
    const list = screen.getByRole('list', { name: 'Tracks by Nova Kade' });
    expect(within(list).getByRole('link', { name: 'Night Drive' }).getAttribute('href')).toBe('/product/11');
    // A producer who offers no custom services has no such section.
    expect(screen.queryByRole('heading', { name: 'Custom services' })).toBeNull();
  });

  test('lists the producer’s custom services, each ordered on the dashboard’s Services with the offer chosen', () => {
    renderPage({ loggedIn: false, offers: OFFERS });
    const section = within(screen.getByRole('region', { name: 'Custom services' }));
    expect(section.getByRole('heading', { level: 2 }).textContent).toBe('Custom services');
    const item = (name: string) => within(section.getByRole('heading', { level: 3, name }).closest('li')!);
    expect(item('Custom trap beat').getByText('$180.00')).toBeTruthy();
    expect(item('Custom trap beat').getByText(/delivery in 7 days/)).toBeTruthy();
    expect(item('Custom trap beat').getByText('A beat made for your song, with the stems.')).toBeTruthy();
    expect(item('Vocal mixing').getByText(/delivery in 1 day$/)).toBeTruthy();
    expect(item('Custom trap beat').getByRole('link', { name: 'Order this service' }).getAttribute('href')).toBe('/dashboard/services?offer=31');
    expect(item('Vocal mixing').getByRole('link', { name: 'Order this service' }).getAttribute('href')).toBe('/dashboard/services?offer=32');
  });

  test('with the dashboard on its own address, Order this service goes there', () => {
    renderPage({ loggedIn: false, offers: OFFERS.slice(0, 1), dashboardUrl: 'https://dash.example' });
    expect(screen.getByRole('link', { name: 'Order this service' }).getAttribute('href')).toBe('https://dash.example/services?offer=31');
  });

  test('without the full producer page feature the page is the producer card alone', () => {
    renderPage({ loggedIn: false, fullProducerPage: false, offers: OFFERS });
    expect(screen.getByRole('heading', { level: 1, name: 'Nova Kade' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Tracks by Nova Kade' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Custom services' })).toBeNull();
  });

  test('an avatar the producer has is shown as the image', () => {
    renderPage({ loggedIn: false, shown: producer(true, 9, '/media/avatars/nova.png') });
    expect(screen.getByRole('img', { name: 'Nova Kade avatar' }).getAttribute('src')).toBe('/media/avatars/nova.png');
    expect(screen.getByRole('button', { name: 'Following' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('a guest pressing Follow gets the login popup', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ loggedIn: false });
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    await act(async () => undefined);
    expect(screen.getByRole('dialog', { name: 'Log in or register' })).toBeTruthy();
    expect(calls).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Nova Kade' })).toBeTruthy();
  });

  test('a member follows: the count goes up and the button says Following; pressing again unfollows', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ loggedIn: true });
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeTruthy();
    expect(screen.getByText('4 followers')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.getByText('3 followers')).toBeTruthy();
    expect(calls.map((call) => call.method)).toEqual(['POST', 'DELETE']);
  });

  test('a failed follow leaves the button and the count as they were', async () => {
    const user = userEvent.setup();
    renderPage({
      loggedIn: true,
      follow: async () => {
        throw new ApiError('Server error', 500);
      },
    });
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    await act(async () => undefined);
    expect(screen.getByRole('button', { name: 'Follow' }).getAttribute('aria-busy')).toBe('false');
    expect(screen.getByText('3 followers')).toBeTruthy();
  });
});
