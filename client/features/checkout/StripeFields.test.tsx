/** @jest-environment jsdom */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import type { ApiRequest } from '../../../shared/api/apiClient';
import { aCart, aCartItem, anOrder } from '../../../test/helpers/cartFixtures';
import { FakeStripePort } from '../../../test/helpers/fakeStripePort';
import { renderStorefront, settle } from '../../../test/helpers/storefrontHarness';

const cart = aCart([aCartItem({ id: 11, name: 'Night Drive' })], { total: 24.99 });
const stripeConfig = { config: { features: DEFAULT_FEATURES, dashboardUrl: '', adminUrl: '', stripePublishableKey: 'pk_test_storefront' } };

const answer = (request: ApiRequest) => {
  if (request.path === '/ecommerce/cart') return cart;
  if (request.path === '/wishlist') return [];
  if (request.path === '/ecommerce/orders/stripe') return anOrder();
  return null;
};

const openPaymentForm = async () => {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Checkout' }));
  await settle();
  return { user, form: screen.getByRole('dialog', { name: 'Payment' }) };
};

describe("the payment form with and without Stripe's fields", () => {
  test('without a publishable key: the sandbox test cards, no Stripe mount point, Stripe.js untouched', async () => {
    const stripe = new FakeStripePort();
    renderStorefront({ pathname: '/cart', routeName: 'cart', cart, loggedIn: true, answer, stripe });
    const { form } = await openPaymentForm();
    expect(within(form).getByRole('combobox', { name: 'Test card' })).toBeTruthy();
    expect(within(form).queryByRole('group', { name: 'Card details' })).toBeNull();
    expect(stripe.calls).toEqual([]);
  });

  test("with a publishable key: Stripe's card field mounts for the cart's amount; Pay waits for it, then pays with the browser-made PaymentMethod", async () => {
    const stripe = new FakeStripePort();
    const { calls } = renderStorefront({ pathname: '/cart', routeName: 'cart', cart, loggedIn: true, answer, stripe, preloaded: stripeConfig });
    const { user, form } = await openPaymentForm();
    const cardField = within(form).getByRole('group', { name: 'Card details' });
    expect(cardField.id).toBe(stripe.mounted?.cardElementId);
    expect(stripe.mounted).toMatchObject({ publishableKey: 'pk_test_storefront', amountCents: 2499 });
    expect(within(form).queryByRole('combobox', { name: 'Test card' })).toBeNull();
    expect(within(form).getByText('Loading the secure payment form…')).toBeTruthy();
    const pay = within(form).getByRole('button', { name: 'Pay $24.99' });
    expect(pay).toHaveProperty('disabled', true);

    act(() => stripe.emit({ type: 'ready' }));
    expect(pay).toHaveProperty('disabled', false);
    await user.click(pay);
    await settle();
    expect(calls.find((request) => request.path === '/ecommerce/orders/stripe')?.body).toEqual({ stripePaymentMethodId: 'pm_1FakeCardFromStripeJs', coupon: null, expectedTotal: 2499 });
    expect(screen.getByRole('dialog', { name: 'Payment successful' })).toBeTruthy();
    // The form closed: Stripe's fields were unmounted with it.
    expect(stripe.calls.at(-1)).toBe('unmount');
  });

  test("with a publishable key the wallet choice shows the Express Checkout Element, whose own buttons pay", async () => {
    const stripe = new FakeStripePort();
    renderStorefront({ pathname: '/cart', routeName: 'cart', cart, loggedIn: true, answer, stripe, preloaded: stripeConfig });
    const { user, form } = await openPaymentForm();
    await user.click(within(form).getByRole('radio', { name: 'Wallet' }));
    const wallets = within(form).getByRole('group', { name: 'Wallets' });
    expect(wallets.id).toBe(stripe.mounted?.walletElementId);
    expect(within(form).queryByRole('combobox', { name: 'Wallet' })).toBeNull();
    expect(within(form).queryByRole('button', { name: /Pay|Continue/ })).toBeNull();
  });
});
