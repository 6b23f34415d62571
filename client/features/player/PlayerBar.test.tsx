/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ApiClient } from '../../../shared/api/apiClient';
import { homeTracksLoaded } from '../../../shared/features/catalogue/catalogueSlice';
import { navigationArrived } from '../../../shared/features/navigation/navigationSlice';
import { selectPlayer, toPlayerTrack, trackLoaded, trackPlayRequested, timeUpdated } from '../../../shared/features/player/playerSlice';
import { productPageLoaded } from '../../../shared/features/product/productSlice';
import type { Product, Track } from '../../../shared/schemas/track';
import { makeStore } from '../../../shared/store/makeStore';
import { aCart, aCartItem, anOrder } from '../../../test/helpers/cartFixtures';
import { orderSucceeded } from '../../../shared/features/checkout/checkoutSlice';
import { aTrack } from '../../../test/helpers/fixtures';
import { cartLoaded } from '../../../shared/features/cart/cartSlice';
import { App } from '../../App';

const genres = [
  { id: 1, name: 'Trap', color: '#f00' },
  { id: 2, name: 'Drill', color: '#0f0' },
];
const beat = aTrack({ id: 11, name: 'Night Drive', genre: 'Trap / Drill', genres, previewTrackSrc: '/media/11.mp3', previewTrackDuration: 95 });

/** The whole app on a store without sagas: what the bar shows for a given player state. */
function renderApp(at: { pathname: string; routeName: string; params?: Record<string, string> } = { pathname: '/', routeName: 'index' }) {
  const api: ApiClient = { request: async () => Promise.reject(new Error('no calls expected')) };
  const store = makeStore(undefined, {
    sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) },
  });
  store.dispatch(navigationArrived({ pathname: at.pathname, search: '', routeName: at.routeName, params: at.params ?? {}, error: null }));
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  const play = (track: Track, queue: Track[] = [track]) =>
    act(() => {
      store.dispatch(trackPlayRequested({ track: toPlayerTrack(track), queue: queue.map(toPlayerTrack) }));
    });
  return { store, play, bar: () => screen.getByRole('region', { name: 'Player' }) };
}

describe('player bar', () => {
  test('is absent until a track is loaded', () => {
    renderApp();
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
  });

  test('shows the title linking to the product, genres joined with /, the producer with by, BPM, key with m, times and controls', () => {
    const { play, bar, store } = renderApp();
    play(beat);
    const player = within(bar());
    expect(player.getByRole('link', { name: 'Night Drive' }).getAttribute('href')).toBe('/product/11');
    expect(player.getByText('Trap/Drill')).toBeTruthy();
    expect(player.getByRole('link', { name: 'by Nova Kade' }).getAttribute('href')).toBe('/nova-kade');
    expect(player.getByText('140 BPM')).toBeTruthy();
    expect(player.getByText('Cm')).toBeTruthy();
    expect(player.getByLabelText('Current time').textContent).toBe('0:00');
    expect(player.getByLabelText('Total time').textContent).toBe('1:35');
    for (const name of ['Previous track', 'Pause', 'Next track', 'Minimize player']) expect(player.getByRole('button', { name })).toBeTruthy();
    expect((player.getByRole('slider', { name: 'Volume' }) as HTMLInputElement).value).toBe('1');

    act(() => {
      store.dispatch(trackLoaded({ trackId: 11, duration: 96 }));
      store.dispatch(timeUpdated(65));
    });
    expect(player.getByLabelText('Current time').textContent).toBe('1:05');
    expect(player.getByLabelText('Total time').textContent).toBe('1:36');
  });

  test('a track without genres has a plain title; a sample pack links and says Sample pack with no producer label', () => {
    const { play, bar } = renderApp();
    play(aTrack({ id: 12, name: 'Plain Loop', genres: [], previewTrackSrc: '/media/12.mp3' }));
    expect(within(bar()).queryByRole('link', { name: 'Plain Loop' })).toBeNull();
    expect(within(bar()).getByText('Plain Loop')).toBeTruthy();

    play(aTrack({ id: 13, name: 'Drum Kit', productType: 'samplepack', genre: 'Sample Pack', samplePack: true, bpm: null, key: null, scale: null, previewTrackSrc: '/media/13.mp3' }));
    expect(within(bar()).getByRole('link', { name: 'Drum Kit' }).getAttribute('href')).toBe('/product/13');
    expect(within(bar()).getByText('Sample pack')).toBeTruthy();
    expect(within(bar()).queryByText(/^by /)).toBeNull();
    expect(within(bar()).queryByText(/BPM/)).toBeNull();
  });

  test('the producer label shows the avatar when there is one, a placeholder otherwise; major keys get no m', () => {
    const { play, bar } = renderApp();
    play(aTrack({ ...beat, scale: 'major', key: 'A', producer: { ...beat.producer, avatarSrc: '/media/avatar.png' } }));
    const label = within(bar()).getByRole('link', { name: /by Nova Kade/ });
    expect(label.querySelector('img')?.getAttribute('src')).toBe('/media/avatar.png');
    expect(within(bar()).getByText('A')).toBeTruthy();
  });

  test('the buttons dispatch play, pause, next, previous and volume; the mini player says what plays and closes', () => {
    const { play, bar, store } = renderApp();
    play(beat);
    fireEvent.click(within(bar()).getByRole('button', { name: 'Pause' }));
    expect(within(bar()).getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(within(bar()).queryByRole('button', { name: 'Pause' })).toBeNull();
    fireEvent.change(within(bar()).getByRole('slider', { name: 'Volume' }), { target: { value: '0.4' } });
    // A controlled range: React puts the old value back unless the store took the new one.
    expect((within(bar()).getByRole('slider', { name: 'Volume' }) as HTMLInputElement).value).toBe('0.4');

    act(() => {
      store.dispatch(trackLoaded({ trackId: 11, duration: 95 }));
    });
    // The keyboard seeks with the range inside the waveform.
    const seek = within(bar()).getByRole('slider', { name: 'Seek' });
    expect(seek.getAttribute('aria-valuetext')).toBe('0:00 of 1:35');
    fireEvent.change(seek, { target: { value: '19' } });
    expect(within(bar()).getByLabelText('Current time').textContent).toBe('0:19');
    expect(within(bar()).getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')).toBe('0:19 of 1:35');

    fireEvent.click(within(bar()).getByRole('button', { name: 'Minimize player' }));
    expect(within(bar()).getByText('Night Drive is paused now')).toBeTruthy();
    fireEvent.click(within(bar()).getByRole('button', { name: 'Play' }));
    expect(within(bar()).getByText('Night Drive is playing now')).toBeTruthy();
    fireEvent.click(within(bar()).getByRole('button', { name: 'Close player' }));
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
    // Store read: the emptied queue shows only through Next and Previous, which a saga plays, and this store runs none.
    expect(selectPlayer(store.getState()).queue).toEqual([]);
  });

  test("has the wishlist heart, 'Add to cart' ('Added' once in the cart) and the price; none of them for a sold track", () => {
    const { play, bar, store } = renderApp();
    play(beat);
    const player = within(bar());
    expect(player.getByRole('button', { name: 'Add Night Drive to wishlist' })).toBeTruthy();
    expect(player.getByRole('button', { name: 'Add to cart: Night Drive' }).textContent).toBe('Add to cart');
    expect(player.getByText('$199.00')).toBeTruthy();
    act(() => {
      store.dispatch(cartLoaded(aCart([aCartItem({ id: 11, name: 'Night Drive' })])));
    });
    expect(player.getByRole('button', { name: 'Added to cart: Night Drive' }).textContent).toBe('Added');

    play(aTrack({ id: 17, name: 'Gone', isSold: true, previewTrackSrc: '/media/17.mp3' }));
    expect(within(bar()).queryByRole('button', { name: /wishlist/ })).toBeNull();
    expect(within(bar()).queryByRole('button', { name: /cart/ })).toBeNull();
    expect(within(bar()).queryByText('$199.00')).toBeNull();
  });

  test('a beat the buyer just bought is sold in the bar too: no wishlist, cart or price any more', () => {
    const { play, bar, store } = renderApp();
    play(beat);
    expect(within(bar()).getByRole('button', { name: 'Add to cart: Night Drive' })).toBeTruthy();
    act(() => {
      store.dispatch(
        orderSucceeded(anOrder({ status: 'paid', downloads: [{ productId: 11, name: 'Night Drive.wav', kind: 'beat', url: '/api/v1/downloads/1', expiresAt: '2027-05-01T00:00:00.000Z' }] })),
      );
    });
    expect(within(bar()).queryByRole('button', { name: /cart/ })).toBeNull();
    expect(within(bar()).queryByText('$199.00')).toBeNull();
  });

  test('is hidden on the cart page', () => {
    const { play } = renderApp({ pathname: '/cart', routeName: 'cart' });
    play(beat);
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
  });

  test('on the page of the product it plays it is marked to hide below 1024 px; elsewhere not', () => {
    const { play, bar, store } = renderApp({ pathname: '/product/11', routeName: 'product-id', params: { id: '11' } });
    act(() => {
      store.dispatch(productPageLoaded({ ...beat, moods: [], tags: [], previewTrackDurationFormatted: '1:35', peaks: null } as unknown as Product));
    });
    play(beat);
    expect(bar().classList.contains('player--own-product')).toBe(true);
    play(aTrack({ id: 14, name: 'Other', previewTrackSrc: '/media/14.mp3' }));
    expect(bar().classList.contains('player--own-product')).toBe(false);
  });
});

describe('play buttons on track cards', () => {
  test('play a card with its list as the queue; the playing card offers pause', () => {
    const { store } = renderApp();
    const tracks = [beat, aTrack({ id: 15, name: 'Second', previewTrackSrc: '/media/15.mp3' }), aTrack({ id: 16, name: 'Silent', previewTrackSrc: null })];
    act(() => {
      store.dispatch(homeTracksLoaded({ category: 'new', tracks }));
    });
    const section = within(screen.getByRole('list', { name: 'New beats' }));
    expect(section.queryByRole('button', { name: 'Play Silent' })).toBeNull();
    fireEvent.click(section.getByRole('button', { name: 'Play Second' }));
    const bar = within(screen.getByRole('region', { name: 'Player' }));
    expect(bar.getByText('Second')).toBeTruthy();
    expect(bar.getByRole('button', { name: 'Pause' })).toBeTruthy();
    // Store read: the queue shows only through Next and Previous, which a saga plays, and this store runs none.
    expect(selectPlayer(store.getState()).queue.map((track) => track.id)).toEqual([11, 15, 16]);
    fireEvent.click(section.getByRole('button', { name: 'Pause Second' }));
    expect(section.getByRole('button', { name: 'Play Second' })).toBeTruthy();
    expect(bar.getByRole('button', { name: 'Play' })).toBeTruthy();
  });
});
