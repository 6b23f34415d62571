/** @jest-environment jsdom */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import { accountPageSagas } from '../../../sagas/auth/accountPageSagas';
import { aCart } from '../../../test/helpers/cartFixtures';
import { renderStorefront, settle } from '../../../test/helpers/storefrontHarness';

async function openResetLink() {
  const storefront = renderStorefront({
    pathname: '/',
    routeName: 'index',
    cart: aCart(),
    answer: (request) => (request.path.startsWith('/auth/reset/') ? { status: 'ok' } : request.path === '/ecommerce/cart' ? aCart() : undefined),
  });
  storefront.store.runSaga(accountPageSagas);
  act(() => void storefront.store.dispatch(navigationRequested({ pathname: '/reset-password/link-token-1', search: '', mode: 'push' })));
  await screen.findByRole('button', { name: 'Save new password' });
  return storefront;
}

describe('the new-password form of a reset link', () => {
  test('sends POST /auth/reset/new/{token} with {password} alone (SPEC §7)', async () => {
    const user = userEvent.setup();
    const { calls } = await openResetLink();
    await user.type(screen.getByLabelText('New password'), 'fresh123');
    await user.type(screen.getByLabelText('Confirm Password'), 'fresh123');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await settle();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([['/auth/reset/new/link-token-1', { password: 'fresh123' }]]);
    expect(await screen.findByText(/Your new password is saved/)).toBeTruthy();
  });

  test('a confirmation that differs is refused in the form and nothing is sent', async () => {
    const user = userEvent.setup();
    const { calls } = await openResetLink();
    await user.type(screen.getByLabelText('New password'), 'fresh123');
    await user.type(screen.getByLabelText('Confirm Password'), 'fresh124');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByText('The Confirm Password field does not match')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
