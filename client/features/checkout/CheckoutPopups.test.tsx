/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type ApiRequest } from '../../../shared/api/apiClient';
import { aCart, aCartItem, anOrder } from '../../../test/helpers/cartFixtures';
import { renderStorefront, settle } from '../../../test/helpers/storefrontHarness';

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
    const { store } = renderStorefront({ pathname: '/cart', routeName: 'cart', cart, answer: orderEndpoints(() => null) });
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await settle();
    expect(store.getState().navigation.search).toBe('?login=true');
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
      body: { stripePaymentMethodId: 'pm_card_visa', coupon: null },
      headers: { 'X-Tracking-Id': 'tab-1' },
    });
    const success = screen.getByRole('dialog', { name: 'Payment successful' });
    expect(within(success).getByRole('link', { name: 'Night Drive (Beat)' }).getAttribute('href')).toBe('/api/v1/downloads/abc');
    expect(within(success).getByRole('link', { name: 'Night Drive (Project file)' }).getAttribute('href')).toBe('/api/v1/downloads/def');
    expect(within(success).getByText(/work for 180 days/)).toBeTruthy();
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
    await user.click(within(address).getByRole('button', { name: 'Pay' }));
    await settle();
    expect(calls.find((call) => call.path === '/ecommerce/orders')?.body).toEqual({
      paymentMethod: 'wallet',
      paymentMethodWalletType: 'google_pay',
      shippingAddress: { fullName: 'Ada Lovelace', line1: '1 Main St', city: 'Berlin', postalCode: '10115', country: 'Germany' },
      coupon: null,
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
