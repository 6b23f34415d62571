/** @jest-environment jsdom */
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type ApiRequest } from '../../../shared/api/apiClient';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import { toPlayerTrack, trackPlayRequested } from '../../../shared/features/player/playerSlice';
import { productPageLoaded } from '../../../shared/features/product/productSlice';
import { wishlistLoaded } from '../../../shared/features/wishlist/wishlistSlice';
import { aCart, aCartItem } from '../../../test/helpers/cartFixtures';
import { aProduct, aTrack, aUser } from '../../../test/helpers/fixtures';
import { renderStorefront, settle } from '../../../test/helpers/storefrontHarness';
import { TrackList } from '../catalogue/TrackCard';
import { NotificationToast } from '../shell/Toasts';

const tracks = [aTrack({ id: 11, name: 'Night Drive' }), aTrack({ id: 12, name: 'Sold Out', isSold: true })];

/** A cart that takes what is posted, and a wishlist that answers as told. */
function shop(wishlist: (request: ApiRequest) => unknown = () => null) {
  let cart = aCart([]);
  return (request: ApiRequest) => {
    if (request.path.startsWith('/wishlist')) return wishlist(request);
    if (request.method === 'POST' && request.path === '/ecommerce/cart') {
      cart = aCart([aCartItem({ id: (request.body as { product: number }).product, name: 'Night Drive' })]);
      return { status: 'ok' };
    }
    if (request.method === 'DELETE') {
      cart = aCart([]);
      return null;
    }
    return cart;
  };
}

const card = (name: string) => screen.getByRole('link', { name }).closest('li')!;

describe('heart and Add to cart on track cards', () => {
  test("'Add to cart' adds the product and turns into 'Added'; pressing it again removes it; the header counts it", async () => {
    const user = userEvent.setup();
    const { calls } = renderStorefront({
      pathname: '/beats',
      routeName: 'beats',
      cart: aCart([]),
      answer: shop(),
      ui: (
        <>
          <TrackList tracks={tracks} label="Beats" />
          <NotificationToast />
        </>
      ),
    });
    await user.click(within(card('Night Drive')).getByRole('button', { name: 'Add to cart: Night Drive' }));
    await settle();
    await settle();
    const added = within(card('Night Drive')).getByRole('button', { name: 'Added to cart: Night Drive' });
    expect(added.textContent).toBe('Added');
    expect(added.getAttribute('aria-pressed')).toBe('true');
    expect(calls).toContainEqual({ method: 'POST', path: '/ecommerce/cart', body: { product: 11, includeProjectFile: false }, headers: { 'X-Tracking-Id': 'tab-1' } });
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Night Drive added to cart');
    expect(toast.querySelector('[data-kind="cart"]')).not.toBeNull();
    await user.click(added);
    await settle(200);
    expect(within(card('Night Drive')).getByRole('button', { name: 'Add to cart: Night Drive' }).textContent).toBe('Add to cart');
  });

  test('a sold product has neither heart nor cart button', () => {
    renderStorefront({ pathname: '/beats', routeName: 'beats', cart: aCart([]), answer: shop(), ui: <TrackList tracks={tracks} label="Beats" /> });
    expect(within(card('Sold Out')).queryByRole('button')).toBeNull();
    expect(within(card('Sold Out')).getByText('Sold')).toBeTruthy();
  });

  test('a guest pressing the heart gets the login popup', async () => {
    const user = userEvent.setup();
    const { address, calls } = renderStorefront({ pathname: '/beats', routeName: 'beats', answer: shop(), ui: <TrackList tracks={tracks} label="Beats" /> });
    await user.click(within(card('Night Drive')).getByRole('button', { name: 'Add Night Drive to wishlist' }));
    await settle();
    expect(address()).toBe('/beats?login=true&frame=login');
    expect(calls.filter((call) => call.path.startsWith('/wishlist'))).toEqual([]);
  });

  test('a member’s heart fills at once and empties again when the server refuses', async () => {
    const user = userEvent.setup();
    let refuse: (error: Error) => void = () => undefined;
    const { store } = renderStorefront({
      pathname: '/beats',
      routeName: 'beats',
      loggedIn: true,
      answer: shop((request) => (request.method === 'POST' ? new Promise((_resolve, reject) => (refuse = reject)) : [])),
      ui: <TrackList tracks={tracks} label="Beats" />,
    });
    store.dispatch(wishlistLoaded([]));
    await user.click(within(card('Night Drive')).getByRole('button', { name: 'Add Night Drive to wishlist' }));
    expect(within(card('Night Drive')).getByRole('button', { name: 'Remove Night Drive from wishlist' }).getAttribute('aria-pressed')).toBe('true');
    refuse(new ApiError('Server error', 500));
    await settle();
    expect(within(card('Night Drive')).getByRole('button', { name: 'Add Night Drive to wishlist' }).getAttribute('aria-pressed')).toBe('false');
  });

  test('a producer is offered no Add to cart for their own beat: not in a list, not on its page, not in the player bar', async () => {
    const mine = aTrack({ id: 11, name: 'Night Drive', previewTrackSrc: '/media/11.mp3' });
    const theirs = aTrack({ id: 13, name: 'Cold Waves', producer: { id: 8, artistName: 'Lowtide', producerUrl: 'lowtide' } });
    const asProducer = aUser({ roles: ['producer'], currentRole: 'producer', producerId: 7 });

    const list = renderStorefront({ pathname: '/beats', routeName: 'beats', cart: aCart([]), answer: shop(), ui: <TrackList tracks={[mine, theirs]} label="Beats" /> });
    act(() => {
      list.store.dispatch(userRefreshed(asProducer));
    });
    expect(within(card('Night Drive')).queryByRole('button', { name: /cart/ })).toBeNull();
    expect(within(card('Cold Waves')).getByRole('button', { name: 'Add to cart: Cold Waves' })).toBeTruthy();
    cleanup();

    const product = aProduct({ id: 11, producer: { id: 7, artistName: 'Nova Kade', producerUrl: 'nova-kade', avatarSrc: null } });
    const page = renderStorefront({ pathname: '/product/11', routeName: 'product-id', cart: aCart([]), answer: shop() });
    act(() => {
      page.store.dispatch(userRefreshed(asProducer));
      page.store.dispatch(productPageLoaded(product));
      page.store.dispatch(trackPlayRequested({ track: toPlayerTrack(mine), queue: [toPlayerTrack(mine)] }));
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Night Drive' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add to cart/ })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Player' })).queryByRole('button', { name: /cart/ })).toBeNull();
    // The same pages offer it to a buyer.
    act(() => {
      page.store.dispatch(userRefreshed(aUser()));
    });
    expect(screen.getAllByRole('button', { name: 'Add to cart: Night Drive' })).toHaveLength(2);
  });
});
