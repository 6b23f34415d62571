/** @jest-environment jsdom */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '../../../shared/api/apiClient';
import type { Cart } from '../../../shared/schemas/cart';
import { pageBecameVisible } from '../../../sagas/auth/accountStreamActions';
import { aCart, aCartItem, anOrder } from '../../../test/helpers/cartFixtures';
import { renderStorefront, settle } from '../../../test/helpers/storefrontHarness';

const beat = aCartItem({ id: 11, name: 'Night Drive', projectFilePrice: 50 });
const pack = aCartItem({ id: 12, name: 'Drum Vault', productType: 'samplepack', genre: 'Sample Pack', finalPrice: 29, projectFilePrice: null });

/** The cart endpoints over an in-memory cart, priced by the server's rules: PUT changes the price, a known coupon takes 10%. */
function cartEndpoints(start: Cart) {
  let items = start.items;
  return (request: ApiRequest) => {
    if (request.method === 'PUT') {
      const { includeProjectFile } = request.body as { includeProjectFile: boolean };
      items = items.map((item) =>
        `/ecommerce/cart/${item.id}` === request.path
          ? { ...item, includeProjectFile, price: item.product.finalPrice + (includeProjectFile ? (item.product.projectFilePrice ?? 0) : 0) }
          : item,
      );
      return { status: 'ok' };
    }
    if (request.method === 'GET' && request.path === '/ecommerce/cart') {
      const code = request.query?.coupon;
      if (code === 'nova10') return aCart(items, { coupon: { code, percentage: 10, producerId: 7 } });
      return aCart(items, code ? { couponError: 'Coupon not found' } : {});
    }
    return null;
  };
}

const totals = () =>
  Object.fromEntries(
    within(screen.getByRole('complementary', { name: 'Order summary' }))
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('/cart page', () => {
  test('lists the items with the project-file option for a beat only, and the totals', () => {
    const cart = aCart([beat, pack]);
    renderStorefront({ pathname: '/cart', routeName: 'cart', cart, answer: cartEndpoints(cart) });
    expect(screen.getByRole('heading', { name: 'Cart', level: 1 })).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('checkbox', { name: 'Include project file (+$50.00)' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('checkbox')).toBeNull();
    expect(totals()).toEqual({ Subtotal: '$228.00', Discount: '$0.00', 'Service fee': `$${(cart.total - cart.subTotal).toFixed(2)}`, Total: `$${cart.total.toFixed(2)}` });
  });

  test('each row has play/pause with the cart as the queue (SPEC §2)', async () => {
    const user = userEvent.setup();
    const withPreviews = aCart([
      { ...beat, product: { ...beat.product, previewTrackSrc: '/media/11.mp3' } },
      { ...pack, product: { ...pack.product, previewTrackSrc: '/media/12.mp3' } },
    ]);
    const { store } = renderStorefront({ pathname: '/cart', routeName: 'cart', cart: withPreviews, answer: cartEndpoints(withPreviews) });
    const rows = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Play Night Drive' }));
    expect(within(rows[0]!).getByRole('button', { name: 'Pause Night Drive' })).toBeTruthy();
    // Store read: the queue shows only through the player bar's Next and Previous, and the bar is hidden on the cart page.
    expect(store.getState().player.queue.map((track) => track.id)).toEqual([11, 12]);
    expect(within(rows[1]!).getByRole('button', { name: 'Play Drum Vault' })).toBeTruthy();
  });

  test('the project file is sent with PUT and the new price shows', async () => {
    const user = userEvent.setup();
    const cart = aCart([beat]);
    const { calls } = renderStorefront({ pathname: '/cart', routeName: 'cart', cart, answer: cartEndpoints(cart) });
    await user.click(screen.getByRole('checkbox', { name: 'Include project file (+$50.00)' }));
    await settle();
    await settle();
    expect(calls).toContainEqual({ method: 'PUT', path: '/ecommerce/cart/11', body: { includeProjectFile: true } });
    expect(screen.getByRole('checkbox', { name: 'Include project file (+$50.00)' })).toHaveProperty('checked', true);
    expect(within(screen.getByRole('list', { name: 'Cart items' })).getByText('$249.00')).toBeTruthy();
  });

  test('the coupon is lowercased when applied; its error shows once, under the field, not as a toast; editing clears it', async () => {
    const user = userEvent.setup();
    const cart = aCart([beat]);
    const { calls } = renderStorefront({ pathname: '/cart', routeName: 'cart', cart, answer: cartEndpoints(cart) });
    await user.type(screen.getByRole('textbox', { name: 'Coupon' }), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await settle();
    expect(calls.at(-1)).toEqual({ method: 'GET', path: '/ecommerce/cart', query: { coupon: 'nope' } });
    expect(screen.getAllByText('Coupon not found')).toHaveLength(1);
    expect(within(screen.getByRole('main')).getByText('Coupon not found')).toBeTruthy();
    // No error toast at all: its region is empty.
    expect(screen.queryByRole('button', { name: 'Close error' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Coupon' }), 'x');
    expect(within(screen.getByRole('main')).queryByText('Coupon not found')).toBeNull();

    await user.clear(screen.getByRole('textbox', { name: 'Coupon' }));
    await user.type(screen.getByRole('textbox', { name: 'Coupon' }), 'Nova10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await settle();
    expect(screen.getByText('Coupon nova10 applied: 10% off')).toBeTruthy();
    expect(totals().Discount).toBe('-$19.90');
  });

  test('a refused coupon is forgotten: the next carts, before and after paying, go without it and show no error', async () => {
    const user = userEvent.setup();
    let items = [beat];
    const { calls, store } = renderStorefront({
      pathname: '/cart',
      routeName: 'cart',
      cart: aCart(items),
      loggedIn: true,
      answer: (request) => {
        if (request.path === '/ecommerce/orders/stripe') {
          items = [];
          return anOrder();
        }
        if (request.path === '/wishlist') return [];
        if (request.path !== '/ecommerce/cart') return null;
        const code = request.query?.coupon;
        return code ? aCart(items, { couponError: `Coupon ${code} does not exist` }) : aCart(items);
      },
    });
    const field = () => screen.getByRole('textbox', { name: 'Coupon' });
    await user.type(field(), 'BOGUS2026');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await settle();
    expect(within(screen.getByRole('main')).getByText('Coupon bogus2026 does not exist')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await settle();
    await user.click(within(screen.getByRole('dialog', { name: 'Payment' })).getByRole('button', { name: /^Pay/ }));
    await settle();
    await user.click(within(screen.getByRole('dialog', { name: 'Payment successful' })).getByText('Close'));
    items = [pack];
    act(() => {
      store.dispatch(pageBecameVisible());
    });
    await settle();
    expect(within(screen.getByRole('list', { name: 'Cart items' })).getByText('Drum Vault')).toBeTruthy();
    expect(field()).toHaveProperty('value', '');
    expect(within(screen.getByRole('main')).queryByText('Coupon bogus2026 does not exist')).toBeNull();
    const applied = calls.findIndex((call) => call.query?.coupon === 'bogus2026');
    expect(calls.slice(applied + 1).filter((call) => call.path === '/ecommerce/cart').map((call) => call.query)).not.toContainEqual({ coupon: 'bogus2026' });
  });

  test('remove takes the row out', async () => {
    const user = userEvent.setup();
    const { calls } = renderCartWhereRemovingTheBeatLeavesThePack();
    await user.click(screen.getByRole('button', { name: 'Remove Night Drive from cart' }));
    await settle(200);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('DELETE /ecommerce/cart/11');
    expect(within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem')).toHaveLength(1);
  });

  test('an empty cart says so and offers no Checkout', () => {
    renderStorefront({ pathname: '/cart', routeName: 'cart', cart: aCart([]), answer: () => aCart([]) });
    expect(screen.getByText('Cart is empty')).toBeTruthy();
    expect(screen.getByText('Please add products to cart')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });

  test('no cart toast on the cart page', async () => {
    const user = userEvent.setup();
    renderCartWhereRemovingTheBeatLeavesThePack();
    await user.click(screen.getByRole('button', { name: 'Remove Night Drive from cart' }));
    await settle(200);
    expect(within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('');
    // Nor one held back for the next page: this harness runs no timer to hide it, so it would show there.
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Contact us' }));
    await settle();
    expect(screen.queryByRole('heading', { name: 'Cart', level: 1 })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

/** The cart page holding the beat and the pack; the server answers a DELETE by keeping only the pack. */
function renderCartWhereRemovingTheBeatLeavesThePack() {
  let cart = aCart([beat, pack]);
  return renderStorefront({
    pathname: '/cart',
    routeName: 'cart',
    cart,
    answer: (request) => {
      if (request.method === 'DELETE') cart = aCart([pack]);
      return request.method === 'GET' ? cart : null;
    },
  });
}
