/** @jest-environment jsdom */
import { act, screen, within } from '@testing-library/react';
import { cartAddRequested } from '../../../shared/features/cart/cartSlice';
import userEvent from '@testing-library/user-event';
import { aCart, aCartItem, aCartProduct } from '../../../test/helpers/cartFixtures';
import { renderStorefront, settle } from '../../../test/helpers/storefrontHarness';

const beat = aCartItem({ id: 11, name: 'Night Drive', genre: 'Trap / Drill', finalPrice: 199 });
const pack = aCartItem({ id: 12, name: 'Drum Vault', productType: 'samplepack', genre: 'Sample Pack', finalPrice: 29.5 });
const contacts = aCartItem({ id: 13, name: 'EDM Contacts', productType: 'edmcontacts', genre: '', finalPrice: 49 });
const pro = aCartItem({ id: 14, name: 'PRO Membership', productType: 'promembership', genre: '', finalPrice: 99 });
const sold = aCartItem({ id: 15, name: 'Gone Beat', isSold: true }, { active: false, price: null });
const full = aCart([pro, beat, pack, contacts, sold]);

const openDropdown = async (count: string) => {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: `Cart, ${count}` }));
  return { user, dropdown: screen.getByRole('region', { name: 'Your cart' }) };
};

describe('header cart dropdown', () => {
  test('an empty cart says so', async () => {
    renderStorefront({ pathname: '/beats', routeName: 'beats', cart: aCart([]), answer: () => aCart([]) });
    const { dropdown } = await openDropdown('0 items');
    expect(within(dropdown).getByRole('heading', { name: 'YOUR CART' })).toBeTruthy();
    expect(within(dropdown).getByText('Cart is empty')).toBeTruthy();
    expect(within(dropdown).getByText('Please add products to cart')).toBeTruthy();
    expect(within(dropdown).queryByRole('link', { name: /Continue/ })).toBeNull();
  });

  test('rows show name, what the product is, price; an inactive item says it is not available and has no price', async () => {
    renderStorefront({ pathname: '/beats', routeName: 'beats', cart: full, answer: () => full });
    const { dropdown } = await openDropdown('5 items');
    const rows = within(within(dropdown).getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'PRO MembershipEnjoy exclusive benefits$99.00×',
      'Night DriveTrap / Drill$199.00×',
      'Drum VaultSample Pack$29.50×',
      'EDM ContactsOver 2300 contacts$49.00×',
      'Gone Beatis not available anymore.×',
    ]);
    expect(within(dropdown).getByRole('link', { name: 'Continue (Subtotal: $376.50)' }).getAttribute('href')).toBe('/cart');
  });

  test('each row has play/pause, beats and sample packs alike, playing through the cart as the queue', async () => {
    const playable = aCart([
      aCartItem({ id: 11, name: 'Night Drive', previewTrackSrc: '/media/11.mp3', bpm: 92, key: 'A', scale: 'minor' }),
      aCartItem({ id: 12, name: 'Drum Vault', productType: 'samplepack', genre: 'Sample Pack', samplePack: true, previewTrackSrc: '/media/12.mp3' }),
      aCartItem({ id: 15, name: 'Gone Beat', isSold: true, previewTrackSrc: '/media/15.mp3' }, { active: false, price: null }),
    ]);
    const { store } = renderStorefront({ pathname: '/beats', routeName: 'beats', cart: playable, answer: () => playable });
    const { user, dropdown } = await openDropdown('3 items');
    expect(within(dropdown).queryByRole('button', { name: 'Play Gone Beat' })).toBeNull();
    await user.click(within(dropdown).getByRole('button', { name: 'Play Drum Vault' }));
    const bar = () => within(screen.getByRole('region', { name: 'Player' }));
    expect(bar().getByText('Drum Vault')).toBeTruthy();
    expect(bar().getByRole('button', { name: 'Pause' })).toBeTruthy();
    // Store read: the queue shows only through the bar's Next and Previous, which a saga plays, and none runs here.
    expect(store.getState().player.queue.map((track) => track.id)).toEqual([11, 12]);
    await user.click(within(dropdown).getByRole('button', { name: 'Pause Drum Vault' }));
    expect(within(dropdown).getByRole('button', { name: 'Play Drum Vault' })).toBeTruthy();
    expect(bar().getByRole('button', { name: 'Play' })).toBeTruthy();
    // The player has what its bar shows: BPM and key of a beat played from the cart.
    await user.click(within(dropdown).getByRole('button', { name: 'Play Night Drive' }));
    expect(bar().getByText('Night Drive')).toBeTruthy();
    expect(bar().getByText('92 BPM')).toBeTruthy();
    expect(bar().getByText('Am')).toBeTruthy();
  });

  test('money shows with a thousands separator', async () => {
    const pricey = aCart([aCartItem({ id: 21, name: 'Big Pack', productType: 'samplepack', genre: 'Sample Pack', finalPrice: 1942 })]);
    renderStorefront({ pathname: '/beats', routeName: 'beats', cart: pricey, answer: () => pricey });
    const { dropdown } = await openDropdown('1 item');
    expect(within(dropdown).getByText('$1,942.00')).toBeTruthy();
    expect(within(dropdown).getByRole('link', { name: 'Continue (Subtotal: $1,942.00)' })).toBeTruthy();
  });

  test('the cart icon toggles it; an outside click and Escape close it', async () => {
    renderStorefront({ pathname: '/beats', routeName: 'beats', cart: full, answer: () => full });
    const { user } = await openDropdown('5 items');
    await user.click(screen.getByRole('button', { name: 'Cart, 5 items' }));
    expect(screen.queryByRole('region', { name: 'Your cart' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cart, 5 items' }));
    await user.click(screen.getByRole('navigation', { name: 'Main' }));
    expect(screen.queryByRole('region', { name: 'Your cart' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cart, 5 items' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Your cart' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cart, 5 items' }).getAttribute('aria-expanded')).toBe('false');
  });

  test('remove drops the row and the counter; CLEAR CART empties it; Continue goes to /cart', async () => {
    let cart = aCart([beat, pack]);
    const { history, calls } = renderStorefront({
      pathname: '/beats',
      routeName: 'beats',
      cart,
      answer: (request) => {
        if (request.method === 'DELETE' && request.path === '/ecommerce/cart/clear') cart = aCart([]);
        else if (request.method === 'DELETE') cart = aCart(cart.items.filter((item) => `/ecommerce/cart/${item.id}` !== request.path));
        return request.path.startsWith('/ecommerce/cart') ? cart : { tracks: [], total: 0 };
      },
    });
    const { user, dropdown } = await openDropdown('2 items');
    await user.click(within(dropdown).getByRole('button', { name: 'Remove Night Drive from cart' }));
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeTruthy();
    await settle();
    await settle(200);
    expect(within(dropdown).queryByText('Night Drive')).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('DELETE /ecommerce/cart/11');

    await user.click(within(dropdown).getByRole('link', { name: /Continue \(Subtotal: \$29\.50\)/ }));
    await settle();
    expect(history.at(-1)).toBe('push /cart');
    expect(screen.getByRole('heading', { name: 'Cart', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your cart' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    await user.click(screen.getByRole('button', { name: 'CLEAR CART' }));
    await settle();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('DELETE /ecommerce/cart/clear');
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeTruthy();
  });

  test('a product being added shows as Loading in the dropdown until the cart answers', async () => {
    let confirm: (value: unknown) => void = () => undefined;
    const { store } = renderStorefront({
      pathname: '/beats',
      routeName: 'beats',
      cart: aCart([]),
      answer: (request) => (request.method === 'POST' ? new Promise((resolve) => (confirm = resolve)) : aCart([beat])),
    });
    const { dropdown } = await openDropdown('0 items');
    act(() => {
      store.dispatch(cartAddRequested({ product: aCartProduct({ id: 11, name: 'Night Drive' }) }));
    });
    expect(within(dropdown).getByText('Loading')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeTruthy();
    confirm({ status: 'ok' });
    await settle();
    await settle();
    expect(within(dropdown).queryByText('Loading')).toBeNull();
    expect(within(dropdown).getByText('Night Drive')).toBeTruthy();
  });
});
