/** @jest-environment jsdom */
import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { toPlayerTrack, trackPlayRequested } from '../../../shared/features/player/playerSlice';
import { producerPageLoaded } from '../../../shared/features/producer/producerSlice';
import { productPageLoaded } from '../../../shared/features/product/productSlice';
import { rootReducer } from '../../../shared/store/rootReducer';
import { aCart, aCartItem } from '../../../test/helpers/cartFixtures';
import { aProduct, aTrack } from '../../../test/helpers/fixtures';
import { renderStorefront } from '../../../test/helpers/storefrontHarness';
import { TrackList } from '../catalogue/TrackCard';
import { CoverImage } from './CoverImage';

const cover = (id: number) => `/media/covers/art-v1-product-${id}/600.jpg`;
const AVATAR = '/media/covers/art-v1-producer-7/600.jpg';

/** An image as a reader of the page checks it: what it says, its box, how it loads and what it may fetch. */
function described(image: HTMLElement) {
  const webp = image.parentElement?.tagName === 'PICTURE' ? image.parentElement.querySelector('source[type="image/webp"]') : null;
  return {
    alt: image.getAttribute('alt'),
    width: image.getAttribute('width'),
    height: image.getAttribute('height'),
    loading: image.getAttribute('loading'),
    src: image.getAttribute('src'),
    webp: webp?.getAttribute('srcset')?.split(', ').map((candidate) => candidate.split(' ')[1]),
  };
}

describe('CoverImage', () => {
  test('offers every stored size as WebP with a JPEG fallback, in a box of its size, lazily unless it is the page main image', () => {
    render(
      <>
        <CoverImage className="a" src={cover(3)} alt="Cover of Night Drive" size={64} />
        <CoverImage className="b" src={cover(4)} alt="Cover of Cold Rain" size={280} priority />
      </>,
    );
    const lazy = screen.getByRole('img', { name: 'Cover of Night Drive' });
    expect(described(lazy)).toEqual({ alt: 'Cover of Night Drive', width: '64', height: '64', loading: 'lazy', src: cover(3), webp: ['64w', '128w', '300w', '600w'] });
    expect(lazy.getAttribute('srcset')).toContain('/media/covers/art-v1-product-3/128.jpg 128w');
    expect(lazy.getAttribute('sizes')).toBe('64px');
    const main = screen.getByRole('img', { name: 'Cover of Cold Rain' });
    expect(main.getAttribute('loading')).toBe('eager');
    expect(main.getAttribute('fetchpriority')).toBe('high');
  });

  test('shows an address from elsewhere as it is', () => {
    render(<CoverImage className="a" src="https://cdn.example/art.png" alt="Cover of Night Drive" size={64} />);
    const image = screen.getByRole('img', { name: 'Cover of Night Drive' });
    expect(image.parentElement?.tagName).not.toBe('PICTURE');
    expect(described(image)).toMatchObject({ src: 'https://cdn.example/art.png', width: '64', height: '64' });
  });
});

describe('art on the pages', () => {
  test('track cards show their covers; the first cards load first, the rest lazily; a product without art keeps the placeholder', () => {
    const tracks = [1, 2, 3, 4, 5].map((id) => aTrack({ id, name: `Beat ${id}`, coverImageSrc: id === 5 ? null : cover(id) }));
    render(
      <Provider store={configureStore({ reducer: rootReducer })}>
        <TrackList tracks={tracks} label="Beats" priorityCount={2} />
      </Provider>,
    );
    const images = within(screen.getByRole('list', { name: 'Beats' })).getAllByRole('img');
    expect(images.map(described)).toEqual(
      [1, 2, 3, 4].map((id) => ({ alt: `Cover of Beat ${id}`, width: '300', height: '300', loading: id <= 2 ? 'eager' : 'lazy', src: cover(id), webp: ['64w', '128w', '300w', '600w'] })),
    );
    expect(images[0]!.getAttribute('sizes')).toBe('(max-width: 767px) 72px, 300px');
    expect(document.querySelectorAll('.track-card__cover--empty')).toHaveLength(1);
  });

  test('the product page shows its cover large, loaded at once', () => {
    const { store } = renderStorefront({ pathname: '/product/42', routeName: 'product-id' });
    act(() => {
      store.dispatch(productPageLoaded(aProduct({ coverImageSrc: cover(42) })));
    });
    expect(described(screen.getByRole('img', { name: 'Cover of Night Drive' }))).toMatchObject({ width: '280', height: '280', loading: 'eager', src: cover(42) });
  });

  test('the cart dropdown rows show the covers; a product without art keeps the placeholder', async () => {
    const cart = aCart([aCartItem({ id: 11, name: 'Night Drive', coverImageSrc: cover(11) }), aCartItem({ id: 12, name: 'Drum Vault', coverImageSrc: null })]);
    renderStorefront({ pathname: '/beats', routeName: 'beats', cart, answer: () => cart });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cart, 2 items' }));
    const dropdown = screen.getByRole('region', { name: 'Your cart' });
    expect(within(dropdown).getAllByRole('img').map(described)).toEqual([
      { alt: 'Cover of Night Drive', width: '40', height: '40', loading: 'lazy', src: cover(11), webp: ['64w', '128w', '300w', '600w'] },
    ]);
  });

  test('the cart page rows show the covers', () => {
    const cart = aCart([aCartItem({ id: 11, name: 'Night Drive', coverImageSrc: cover(11) })]);
    renderStorefront({ pathname: '/cart', routeName: 'cart', cart, answer: () => cart });
    const row = screen.getByRole('img', { name: 'Cover of Night Drive' });
    expect(described(row)).toMatchObject({ width: '64', height: '64', src: cover(11) });
    expect(row.getAttribute('sizes')).toBe('(max-width: 767px) 48px, 64px');
  });

  test('the player bar shows the cover of what plays and its producer avatar', () => {
    const { store } = renderStorefront({ pathname: '/', routeName: 'index' });
    const track = aTrack({ id: 11, name: 'Night Drive', coverImageSrc: cover(11), previewTrackSrc: '/media/11.mp3', producer: { id: 7, artistName: 'Nova Kade', producerUrl: 'nova-kade', avatarSrc: AVATAR } });
    act(() => {
      store.dispatch(trackPlayRequested({ track: toPlayerTrack(track), queue: [toPlayerTrack(track)] }));
    });
    const bar = within(screen.getByRole('region', { name: 'Player' }));
    expect(described(bar.getByRole('img', { name: 'Cover of Night Drive' }))).toMatchObject({ width: '44', height: '44', src: cover(11) });
    expect(described(bar.getByRole('img', { name: 'Nova Kade avatar' }))).toMatchObject({ width: '24', height: '24', src: AVATAR });
  });

  test("the producer page shows the producer's avatar and, above it, their banner", () => {
    const { store } = renderStorefront({ pathname: '/nova-kade', routeName: 'id' });
    act(() => {
      store.dispatch(
        producerPageLoaded({
          producer: {
            id: 7,
            artistName: 'Nova Kade',
            producerName: 'Nova Kade',
            producerUrl: 'nova-kade',
            avatar: { directSrc: AVATAR },
            avatarSrc: AVATAR,
            counters: { numberoffollowers: { sum: 3 }, numberoftracks: { sum: 0 } },
            alreadyFollowed: false,
          },
          tracks: [],
          offers: [],
        }),
      );
    });
    expect(described(screen.getByRole('img', { name: 'Nova Kade avatar' }))).toMatchObject({ width: '96', height: '96', loading: 'eager', src: AVATAR });
    const banner = document.querySelector('.producer-page__banner')!;
    expect(banner.getAttribute('alt')).toBe('');
    expect(banner.getAttribute('src')).toBe('/media/covers/art-v1-producer-7/banner-800.jpg');
    expect([banner.getAttribute('width'), banner.getAttribute('height')]).toEqual(['1200', '300']);
  });
});
