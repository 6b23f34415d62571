/** @jest-environment jsdom */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type ApiRequest } from '../../../shared/api/apiClient';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import { formatUsd, toCents } from '../../../shared/domain/money';
import { FILE_BEING_PREPARED, type PriceChangedAnswer } from '../../../shared/schemas/order';
import { aCart, aCartItem, anOrder } from '../../../test/helpers/cartFixtures';
import { renderStorefront, settle } from '../../../test/helpers/storefrontHarness';
import { storeUntil } from '../../../test/helpers/storeUntil';

const cart = aCart([aCartItem({ id: 11, name: 'Night Drive' })]);

function orderEndpoints(order: (request: ApiRequest) => unknown) {
  return (request: ApiRequest) => {
    if (request.path === '/ecommerce/cart') return cart;
    if (request.path === '/wishlist') return [];
    if (request.path === '/countries') return [{ name: 'Germany', shortName: 'DE' }, { name: 'France', shortName: 'FR' }];
    return order(request);
  };
}

const openPaymentForm = async () => {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Checkout' }));
  await settle();
  return { user, form: screen.getByRole('dialog', { name: 'Payment' }) };
};

describe('checkout popups', () => {
  test('a guest pressing Checkout gets the login popup', async () => {
    const user = userEvent.setup();
    const { address } = renderStorefront({ pathname: '/cart', routeName: 'cart', cart, answer: orderEndpoints(() => null) });
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await settle();
    expect(address()).toBe('/cart?login=true&frame=login');
    expect(screen.getByRole('dialog', { name: 'Log in or register' })).toBeTruthy();
  });

  test('the payment form offers the sandbox test cards by name and never a card number field', async () => {
    renderStorefront({ pathname: '/cart', routeName: 'cart', cart, loggedIn: true, answer: orderEndpoints(() => null) });
    const { form } = await openPaymentForm();
    expect(within(form).getByRole('radio', { name: 'Card' })).toHaveProperty('checked', true);
    expect(within(form).getByRole('radio', { name: 'PayPal' })).toBeTruthy();
    const cards = within(within(form).getByRole('combobox', { name: 'Test card' })).getAllByRole('option');
    expect(cards.map((option) => option.textContent)).toEqual([
      'Visa (test card, succeeds)',
      'Visa (test card, declined)',
      'Visa (test card, 3-D Secure confirmation)',
    ]);
    expect(within(form).queryAllByRole('textbox')).toEqual([]);
  });

  test('the Visa test card pays and the success popup lists the download links', async () => {
    const { calls } = renderStorefront({
      pathname: '/cart',
      routeName: 'cart',
      cart,
      loggedIn: true,
      answer: orderEndpoints(() =>
        anOrder({
          downloads: [
            { productId: 11, name: 'Night Drive', kind: 'beat', url: '/api/v1/downloads/abc', expiresAt: '2027-05-21T00:00:00.000Z' },
            { productId: 11, name: 'Night Drive', kind: 'projectFile', url: '/api/v1/downloads/def', expiresAt: '2027-05-21T00:00:00.000Z' },
          ],
        }),
      ),
    });
    const { user, form } = await openPaymentForm();
    await user.click(within(form).getByRole('button', { name: `Pay $${cart.total.toFixed(2)}` }));
    await settle();
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/ecommerce/orders/stripe',
      body: { stripePaymentMethodId: 'pm_card_visa', coupon: null, expectedTotal: toCents(cart.total) },
      headers: { 'X-Tracking-Id': 'tab-1', 'Idempotency-Key': expect.stringMatching(/^pay-[0-9a-f]{32}$/) },
    });
    const success = screen.getByRole('dialog', { name: 'Payment successful' });
    expect(within(success).getByRole('link', { name: 'Night Drive (Beat)' }).getAttribute('href')).toBe('/api/v1/downloads/abc');
    expect(within(success).getByRole('link', { name: 'Night Drive (Project file)' }).getAttribute('href')).toBe('/api/v1/downloads/def');
    expect(within(success).getByText(/work for 180 days/)).toBeTruthy();
  });

  test('a download whose master is still being rendered says so by its link; a ready one is fetched by the browser', async () => {
    const { left } = renderStorefront({
      pathname: '/cart',
      routeName: 'cart',
      cart,
      loggedIn: true,
      answer: orderEndpoints(() =>
        anOrder({
          downloads: [
            { productId: 11, name: 'Night Drive.wav', kind: 'beat', url: '/api/v1/downloads/abc', expiresAt: '2027-05-21T00:00:00.000Z' },
            { productId: 12, name: 'Drum Vault.tar.gz', kind: 'samplePack', url: '/api/v1/downloads/def', expiresAt: '2027-05-21T00:00:00.000Z' },
          ],
        }),
      ),
      downloadStatus: (url) => (url === '/api/v1/downloads/abc' ? 503 : 200),
    });
    const { user, form } = await openPaymentForm();
    await user.click(within(form).getByRole('button', { name: `Pay $${cart.total.toFixed(2)}` }));
    await settle();
    const success = screen.getByRole('dialog', { name: 'Payment successful' });
    await user.click(within(success).getByRole('link', { name: 'Night Drive.wav (Beat)' }));
    await settle();
    expect(within(success).getByRole('status').textContent).toBe(FILE_BEING_PREPARED);
    expect(left).toEqual([]);
    await user.click(within(success).getByRole('link', { name: 'Drum Vault.tar.gz (Sample pack)' }));
    await settle();
    expect(left).toEqual(['/api/v1/downloads/def']);
    expect(within(success).getAllByRole('status')).toHaveLength(1);
  });

  test('a declined card shows the failed popup with the reason; Try again reopens the form', async () => {
    const { calls } = renderStorefront({
      pathname: '/cart',
      routeName: 'cart',
      cart,
      loggedIn: true,
      answer: orderEndpoints(() => anOrder({ status: 'failed', failureReason: 'Your card was declined.', downloads: [] })),
    });
    const { user, form } = await openPaymentForm();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Test card' }), 'Visa (test card, declined)');
    await user.click(within(form).getByRole('button', { name: /^Pay/ }));
    await settle();
    expect((calls.find((call) => call.path === '/ecommerce/orders/stripe')?.body as { stripePaymentMethodId: string }).stripePaymentMethodId).toBe(
      'pm_card_chargeDeclined',
    );
    const failed = screen.getByRole('dialog', { name: 'Payment failed' });
    expect(within(failed).getByRole('alert').textContent).toBe('Your card was declined.');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('dialog', { name: 'Payment' })).toBeTruthy();
  });

  test('PayPal leaves for the approval page', async () => {
    const { left } = renderStorefront({
      pathname: '/cart',
      routeName: 'cart',
      cart,
      loggedIn: true,
      answer: orderEndpoints(() => anOrder({ status: 'pending', paymentMethod: 'paypal', nextActionUrl: '/sandbox/paypal/ord_1', downloads: [] })),
    });
    const { user, form } = await openPaymentForm();
    await user.click(within(form).getByRole('radio', { name: 'PayPal' }));
    await user.click(within(form).getByRole('button', { name: /^Pay/ }));
    await settle();
    expect(left).toEqual(['/sandbox/paypal/ord_1']);
  });

  test('a wallet payment asks for the shipping address with the countries list, then pays', async () => {
    const { calls } = renderStorefront({
      pathname: '/cart',
      routeName: 'cart',
      cart,
      loggedIn: true,
      answer: orderEndpoints((request) => (request.path === '/ecommerce/orders' ? anOrder({ paymentMethod: 'wallet' }) : null)),
    });
    const { user, form } = await openPaymentForm();
    await user.click(within(form).getByRole('radio', { name: 'Wallet' }));
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    await settle();
    const address = screen.getByRole('dialog', { name: 'Shipping address' });
    await user.type(within(address).getByRole('textbox', { name: 'Full name' }), 'Ada Lovelace');
    await user.type(within(address).getByRole('textbox', { name: 'Address' }), '1 Main St');
    await user.type(within(address).getByRole('textbox', { name: 'City' }), 'Berlin');
    await user.type(within(address).getByRole('textbox', { name: 'Postal code' }), '10115');
    await user.selectOptions(within(address).getByRole('combobox', { name: 'Country' }), 'Germany');
    await user.click(within(address).getByRole('button', { name: `Pay $${cart.total.toFixed(2)}` }));
    await settle();
    expect(calls.find((call) => call.path === '/ecommerce/orders')?.body).toEqual({
      paymentMethod: 'wallet',
      paymentMethodWalletType: 'google_pay',
      shippingAddress: { fullName: 'Ada Lovelace', line1: '1 Main St', city: 'Berlin', postalCode: '10115', country: 'Germany' },
      coupon: null,
      expectedTotal: toCents(cart.total),
    });
    expect(screen.getByRole('dialog', { name: 'Payment successful' })).toBeTruthy();
  });

  test('a refused order shows the server message; Escape closes the popup', async () => {
    renderStorefront({
      pathname: '/cart',
      routeName: 'cart',
      cart,
      loggedIn: true,
      answer: orderEndpoints(() => new ApiError('Night Drive has been sold to another buyer', 409)),
    });
    const { user, form } = await openPaymentForm();
    await user.click(within(form).getByRole('button', { name: /^Pay/ }));
    await settle();
    expect(within(screen.getByRole('dialog', { name: 'Payment failed' })).getByRole('alert').textContent).toBe(
      'Night Drive has been sold to another buyer',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a total that changed between the cart and the payment', () => {
  const raised = aCart([aCartItem({ id: 11, name: 'Night Drive', finalPrice: 999 })]);
  const changed: PriceChangedAnswer = {
    statusCode: 409,
    message: `The price changed: the total is now ${formatUsd(raised.total)}. You have not been charged; pay again to buy at the new total.`,
    expectedTotal: toCents(raised.total),
    cart: raised,
  };
  /** The server refuses an order whose total is not the cart's now, and pays one that is. */
  const server = (request: ApiRequest) =>
    (request.body as { expectedTotal: number }).expectedTotal === changed.expectedTotal ? anOrder({ total: raised.total }) : new ApiError(changed.message, 409, {}, changed);

  test('the payment form shows the new total and asks again; Pay then pays the new total', async () => {
    const { calls } = renderStorefront({ pathname: '/cart', routeName: 'cart', cart, loggedIn: true, answer: orderEndpoints(server) });
    const { user, form } = await openPaymentForm();
    await user.click(within(form).getByRole('button', { name: `Pay $${cart.total.toFixed(2)}` }));
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Payment failed' })).toBeNull();
    const again = screen.getByRole('dialog', { name: 'Payment' });
    expect(within(again).getByRole('alert').textContent).toBe(changed.message);
    await user.click(within(again).getByRole('button', { name: `Pay ${formatUsd(raised.total)}` }));
    await settle();
    const orders = calls.filter((call) => call.path === '/ecommerce/orders/stripe').map((call) => (call.body as { expectedTotal: number }).expectedTotal);
    expect(orders).toEqual([toCents(cart.total), toCents(raised.total)]);
    expect(screen.getByRole('dialog', { name: 'Payment successful' })).toBeTruthy();
  });

  test('a wallet payment keeps its address popup open with the new total on its Pay button', async () => {
    renderStorefront({ pathname: '/cart', routeName: 'cart', cart, loggedIn: true, answer: orderEndpoints(server) });
    const { user, form } = await openPaymentForm();
    await user.click(within(form).getByRole('radio', { name: 'Wallet' }));
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    await settle();
    const address = screen.getByRole('dialog', { name: 'Shipping address' });
    await user.type(within(address).getByRole('textbox', { name: 'Full name' }), 'Ada Lovelace');
    await user.type(within(address).getByRole('textbox', { name: 'Address' }), '1 Main St');
    await user.type(within(address).getByRole('textbox', { name: 'City' }), 'Berlin');
    await user.type(within(address).getByRole('textbox', { name: 'Postal code' }), '10115');
    await user.selectOptions(within(address).getByRole('combobox', { name: 'Country' }), 'Germany');
    await user.click(within(address).getByRole('button', { name: `Pay $${cart.total.toFixed(2)}` }));
    await settle();
    const still = screen.getByRole('dialog', { name: 'Shipping address' });
    expect(within(still).getByRole('alert').textContent).toBe(changed.message);
    expect((within(still).getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Berlin');
    await user.click(within(still).getByRole('button', { name: `Pay ${formatUsd(raised.total)}` }));
    await settle();
    expect(screen.getByRole('dialog', { name: 'Payment successful' })).toBeTruthy();
  });
});

describe('checkout popups in the frame list', () => {
  const member = (order: (request: ApiRequest) => unknown, search = '') =>
    renderStorefront({ pathname: '/cart', search, routeName: 'cart', cart, loggedIn: true, answer: orderEndpoints(order) });

  test('the payment form opens as the `payment` frame with a history entry; browser Back closes it', async () => {
    const { history, browserBack, address } = member(() => null);
    await openPaymentForm();
    expect(address()).toBe('/cart?frame=payment');
    expect(history).toEqual(['push /cart?frame=payment']);
    await browserBack();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The cart page is back, under no popup.
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeTruthy();
  });

  test('the outcome takes the form’s entry: Back from the success popup returns to the cart, not to the form', async () => {
    const { history, browserBack, address } = member(() => anOrder());
    const { user, form } = await openPaymentForm();
    await user.click(within(form).getByRole('button', { name: /^Pay/ }));
    await settle();
    expect(screen.getByRole('dialog', { name: 'Payment successful' })).toBeTruthy();
    expect(address()).toBe('/cart?frame=success');
    expect(history).toEqual(['push /cart?frame=payment', 'replace /cart?frame=success']);
    await browserBack();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The cart page is back, under no popup.
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeTruthy();
  });

  test('closing the success popup goes back in history rather than adding an entry', async () => {
    const { history, address } = member(() => anOrder());
    const { user, form } = await openPaymentForm();
    await user.click(within(form).getByRole('button', { name: /^Pay/ }));
    await settle();
    await user.click(within(screen.getByRole('dialog', { name: 'Payment successful' })).getByText('Close'));
    await settle();
    expect(history.at(-1)).toBe('back');
    expect(address()).toBe('/cart');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the address opens over the payment form: Back returns to the form, Escape closes only the topmost', async () => {
    const { browserBack, address } = member(() => null);
    const { user, form } = await openPaymentForm();
    await user.click(within(form).getByRole('radio', { name: 'Wallet' }));
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    await settle();
    expect(address()).toBe('/cart?frame=payment%2Caddress');
    expect(screen.getByRole('dialog', { name: 'Shipping address' })).toBeTruthy();
    await browserBack();
    expect(screen.queryByRole('dialog', { name: 'Shipping address' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Payment' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(address()).toBe('/cart');
  });

  test('a payment in flight is not lost when its form closes: the success popup opens when it is paid', async () => {
    let pay: (order: unknown) => void = () => undefined;
    member((request) => (request.path === '/ecommerce/orders/stripe' ? new Promise((resolve) => (pay = resolve)) : null));
    const { user, form } = await openPaymentForm();
    await user.click(within(form).getByRole('button', { name: /^Pay/ }));
    await user.keyboard('{Escape}');
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    pay(anOrder());
    await settle();
    expect(screen.getByRole('dialog', { name: 'Payment successful' })).toBeTruthy();
  });

  test('back from 3-D Secure on /cart?orderId=…: the success popup lists the download links', async () => {
    const { address } = member(
      (request) => (request.path === '/ecommerce/orders/ord_1/refresh-status' ? anOrder({ id: 'ord_1' }) : null),
      '?orderId=ord_1',
    );
    await settle();
    const success = screen.getByRole('dialog', { name: 'Payment successful' });
    expect(within(within(success).getByRole('list', { name: 'Downloads' })).getAllByRole('link').length).toBeGreaterThan(0);
    expect(address()).toBe('/cart?frame=success');
  });

  test('a reloaded address naming a checkout popup with nothing to show opens none', () => {
    member(() => null, '?frame=success');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('leaving the cart page closes the checkout popup', async () => {
    const { store, history } = member(() => null);
    await openPaymentForm();
    await act(async () => {
      store.dispatch(navigationRequested({ pathname: '/beats', search: '', mode: 'push' }));
      // The /beats page has arrived: the navigation is over.
      await storeUntil(store, (state) => state.navigation.pending === null);
    });
    await settle();
    expect(history.at(-1)).toBe('push /beats');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test.each([
    [1439, 'hidden'],
    [1440, ''],
  ])('the payment form at %i px: page overflow %p', async (width, overflow) => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => {
      const max = Number(/max-width: (\d+)px/.exec(query)?.[1]);
      return { matches: width <= max, media: query, addEventListener: () => undefined, removeEventListener: () => undefined } as unknown as MediaQueryList;
    }) as typeof window.matchMedia;
    try {
      member(() => null);
      await openPaymentForm();
      await settle();
      expect(document.body.style.overflow).toBe(overflow);
    } finally {
      window.matchMedia = original;
    }
  });
});
