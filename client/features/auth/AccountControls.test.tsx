/** @jest-environment jsdom */
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ApiClient, ApiRequest } from '../../../shared/api/apiClient';
import type { Role } from '../../../shared/domain/auth/roles';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import { navigationArrived } from '../../../shared/features/navigation/navigationSlice';
import { makeStore } from '../../../shared/store/makeStore';
import { authSagas } from '../../../sagas/auth/authSagas';
import { popupSagas } from '../../../sagas/auth/popupSagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { aUser } from '../../../test/helpers/fixtures';
import { App } from '../../App';

function renderAs(roles: Role[] | null, search = '', loginAs: Role[] = ['client']) {
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) =>
      (request.path === '/auth/login' ? aUser({ roles: loginAs, currentRole: loginAs[0]! }) : { status: 'ok' }) as T,
  };
  // The address bar's entries: what push and replace leave in it.
  const entries = [`/${search}`];
  const history = {
    push: (url: string) => void entries.push(url),
    replace: (url: string) => void (entries[entries.length - 1] = url),
  };
  const store = makeStore(
    { config: { dashboardUrl: 'https://dash.example', adminUrl: 'https://admin.example', features: DEFAULT_FEATURES } },
    { sagaContext: { api, history, now: () => new Date(0) } },
  );
  store.runSaga(watchNavigation);
  store.runSaga(authSagas);
  store.runSaga(popupSagas);
  store.dispatch(navigationArrived({ pathname: '/', search, routeName: 'beats', params: {}, error: null }));
  if (roles) {
    store.dispatch(userRefreshed(aUser({ roles, currentRole: roles[0]!, isProBuyer: true })));
  }
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  /** The query of what the address bar shows. */
  const addressQuery = () => new URL(entries[entries.length - 1]!, 'http://shop.example').searchParams;
  return { store, addressQuery, address: () => entries[entries.length - 1] };
}

/** The desktop header; the footer bar below 1280 px repeats Log In and the avatar. */
const header = () => within(screen.getByRole('banner'));
const menuItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('role-driven header', () => {
  test('a guest sees Log In, and Custom order opens the login popup carrying the services address', async () => {
    const user = userEvent.setup();
    const { addressQuery } = renderAs(null);
    expect(header().getByRole('link', { name: 'Log In' })).toBeTruthy();
    await user.click(header().getByRole('button', { name: 'Custom order' }));
    await act(async () => undefined);
    expect(addressQuery().get('services')).toBe('https://dash.example/services');
    expect(screen.getByRole('dialog', { name: 'Log in or register' })).toBeTruthy();
  });

  test('a client gets the client menu on the dashboard site and Custom order links to its services page', async () => {
    const user = userEvent.setup();
    renderAs(['client']);
    expect(header().getByRole('link', { name: 'Custom order' }).getAttribute('href')).toBe('https://dash.example/services');
    expect(header().getByRole('button', { name: 'Account menu (PRO)' })).toBeTruthy();
    await user.click(header().getByRole('button', { name: /Account menu/ }));
    expect(menuItems()).toEqual(['Go to dashboard', 'Dashboard', 'My purchases', 'Services', 'Following', 'Wishlist', 'Support', 'Account', 'Logout']);
    expect(screen.getByRole('menuitem', { name: 'Wishlist' }).getAttribute('href')).toBe('https://dash.example/wishlist');
  });

  test('Escape closes the desktop user menu and gives focus back to the avatar', async () => {
    const user = userEvent.setup();
    renderAs(['client']);
    const avatar = header().getByRole('button', { name: /Account menu/ });
    await user.click(avatar);
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(avatar.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(avatar);
  });

  test('an admin goes to the admin site', async () => {
    const user = userEvent.setup();
    renderAs(['client', 'admin']);
    await user.click(header().getByRole('button', { name: /Account menu/ }));
    expect(screen.getByRole('menuitem', { name: 'Go to dashboard' }).getAttribute('href')).toBe('https://admin.example/dashboard');
    expect(menuItems()).toContain('Reports (statements)');
  });

  test('a producer gets the services-error popup; Cancel removes the services parameter', async () => {
    const user = userEvent.setup();
    const { address, addressQuery } = renderAs(['producer']);
    await user.click(header().getByRole('button', { name: /Account menu/ }));
    expect(menuItems()).toEqual(['Go to dashboard', 'Dashboard', 'My beats', 'My purchases', 'Wishlist', 'Support', 'Account', 'Logout']);
    await user.click(header().getByRole('button', { name: 'Custom order' }));
    await act(async () => undefined);
    expect(screen.getByText('Unfortunately, our services are not available to sellers')).toBeTruthy();
    expect(addressQuery().get('services')).toBe('https://dash.example/services');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(async () => undefined);
    expect(address()).toBe('/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a producer logging in from Custom order: login and services leave the URL, the services-error popup shows once', async () => {
    const user = userEvent.setup();
    const { store, addressQuery } = renderAs(null, '', ['producer']);
    await user.click(header().getByRole('button', { name: 'Custom order' }));
    await act(async () => undefined);
    const login = screen.getByRole('dialog', { name: 'Log in or register' });
    await user.type(within(login).getByLabelText('Email'), 'nova@example.com');
    await user.type(within(login).getByLabelText('Password'), 'beats42');
    await user.click(within(login).getByRole('button', { name: 'Log in' }));
    const refusal = await screen.findByRole('dialog', { name: 'Custom order' });
    expect(within(refusal).getByText('Unfortunately, our services are not available to sellers')).toBeTruthy();
    const query = addressQuery();
    expect([query.has('login'), query.has('services')]).toEqual([false, false]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Once: a later change of the address does not bring it back.
    await act(async () => {
      store.dispatch(navigationArrived({ pathname: '/', search: '?x=1', routeName: 'beats', params: {}, error: null }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test("'Buyer log in' after that login opens the buyer's login with the services address again", async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { addressQuery } = renderAs(null, '?login=true&services=https%3A%2F%2Fdash.example%2Fservices', ['producer']);
      const login = screen.getByRole('dialog', { name: 'Log in or register' });
      await user.type(within(login).getByLabelText('Email'), 'nova@example.com');
      await user.type(within(login).getByLabelText('Password'), 'beats42');
      await user.click(within(login).getByRole('button', { name: 'Log in' }));
      await user.click(await screen.findByRole('button', { name: 'Buyer log in' }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(300);
      });
      // Logged out: the header offers Log In again, not the seller's avatar.
      expect(header().getByRole('link', { name: 'Log In' })).toBeTruthy();
      expect(header().queryByRole('button', { name: /Account menu/ })).toBeNull();
      expect(screen.getByRole('dialog', { name: 'Log in or register' })).toBeTruthy();
      expect(addressQuery().get('services')).toBe('https://dash.example/services');
    } finally {
      jest.useRealTimers();
    }
  });

  test("'Buyer log in' logs the seller out and opens the login popup after 300 ms", async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderAs(['producer'], '?services=https%3A%2F%2Fdash.example%2Fservices');
      expect(header().getByRole('button', { name: /Account menu/ })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Buyer log in' }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(300);
      });
      // Logged out: the header offers Log In again, not the seller's avatar.
      expect(header().getByRole('link', { name: 'Log In' })).toBeTruthy();
      expect(header().queryByRole('button', { name: /Account menu/ })).toBeNull();
      expect(screen.getByRole('dialog', { name: 'Log in or register' })).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });
});
