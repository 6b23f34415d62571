/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ApiClient, ApiRequest } from '../../../shared/api/apiClient';
import type { Role } from '../../../shared/domain/auth/roles';
import { USER_MENUS } from '../../../shared/domain/auth/userMenus';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import type { AdminSummary, DashboardHome } from '../../../shared/schemas/sites';
import type { AdminProducerPage } from '../../../shared/schemas/adminLists';
import { makeStore } from '../../../shared/store/makeStore';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { aUser } from '../../../test/helpers/fixtures';
import { App } from '../../App';

const HOME: DashboardHome = {
  recentPurchases: [
    {
      id: '0b5e1c1e-7f3a-4c55-9c3e-1f1d2f9d6a10',
      placedAt: '2026-11-20T09:30:00.000Z',
      status: 'paid',
      total: 474.44,
      items: [
        { productId: 40, name: 'Studio Sunrise', productType: 'track' },
        { productId: 2, name: 'Velvet Hearts Kit', productType: 'samplepack' },
      ],
    },
  ],
  followedNewBeats: [],
  openCustomOrders: [],
  listedProducts: [{ id: 40, name: 'Studio Sunrise', productType: 'track', price: 199, isSold: true, coverImageSrc: null }],
};
const PRODUCERS: AdminProducerPage = { rows: [{ id: 10001, artistName: 'Mara Vale', shortName: 'maravale', followers: 3, productCount: 1, account: null }], total: 1, page: 1, pageSize: 25 };
const SUMMARY: AdminSummary = { products: 7, producers: 5, buyers: 3, orders: 1, revenue: 474.44 };

/** The API the pages' preloads reach; a call nobody expects fails the test. */
const api: ApiClient = {
  request: async <T,>(request: ApiRequest) => {
    const answers: Record<string, unknown> = {
      '/dashboard/home': HOME,
      '/admin/producers': PRODUCERS,
      '/admin/summary': SUMMARY,
      '/ecommerce/cart': { items: [], serviceFeeFixed: 0, serviceFeePercentage: 0, subTotal: 0, subTotalWithoutCoupon: 0, discount: 0, total: 0, coupon: null },
    };
    if (!(request.path in answers)) throw new Error(`unexpected call ${request.method} ${request.path}`);
    return answers[request.path] as T;
  },
};

async function openAs(roles: Role[] | null, pathname: string) {
  const pushed: string[] = [];
  const store = makeStore(
    { config: { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES } },
    { sagaContext: { api, history: { push: (url: string) => pushed.push(url), replace: () => undefined }, now: () => new Date(0) } },
  );
  store.runSaga(watchNavigation);
  if (roles) store.dispatch(userRefreshed(aUser({ roles, currentRole: roles[0]! })));
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  await act(async () => {
    store.dispatch(navigationRequested({ pathname, search: '', mode: 'push' }));
  });
  return { store, pushed };
}

const siteNav = () => within(screen.getByRole('navigation', { name: 'Account' }));

describe('the dashboard and admin sites’ frame and pages', () => {
  test.each([
    ['client', '/dashboard'],
    ['producer', '/dashboard'],
    ['moderator', '/admin/producers'],
    ['admin', '/admin'],
  ] as const)('a %s on %s gets their SPEC menu in the left navigation, on this server’s paths', async (role, pathname) => {
    await openAs([role], pathname);
    const links = siteNav().getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(USER_MENUS[role].map((link) => link.title));
    const current = siteNav().getByRole('link', { current: 'page' });
    expect(current.getAttribute('href')).toBe(pathname);
    expect(siteNav().getByRole('link', { name: 'Wishlist' }).getAttribute('href')).toBe('/dashboard/wishlist');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(current.textContent);
  });

  test('the client’s home lists their purchases with items, date, state and total; no products section', async () => {
    await openAs(['client'], '/dashboard');
    const orders = within(screen.getByRole('region', { name: 'Recent purchases' }));
    expect(orders.getByRole('link', { name: 'Studio Sunrise' }).getAttribute('href')).toBe('/product/40');
    expect(orders.getByRole('link', { name: 'Velvet Hearts Kit' }).getAttribute('href')).toBe('/product/2');
    expect(orders.getByText('Nov 20, 2026')).toBeTruthy();
    expect(orders.getByText('Paid')).toBeTruthy();
    expect(orders.getByText('$474.44')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'My products' })).toBeNull();
  });

  test('the producer’s home shows their listed beat as sold, and leads to their custom services', async () => {
    await openAs(['producer'], '/dashboard');
    const products = within(screen.getByRole('region', { name: 'My products' }));
    expect(products.getByRole('link', { name: 'Studio Sunrise' }).getAttribute('href')).toBe('/product/40');
    expect(products.getByText('Sold')).toBeTruthy();
    expect(products.getByRole('link', { name: 'Custom services' }).getAttribute('href')).toBe('/dashboard/custom-services');
  });

  test('All producers is a table of name, page address, followers, products and account', async () => {
    await openAs(['moderator'], '/admin/producers');
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Mara Vale', '/maravale', '3', '1', 'Shop catalogue']);
    expect(within(row).getByRole('link', { name: 'Mara Vale' }).getAttribute('href')).toBe('/admin/producers/10001');
    expect(within(row).getByRole('link', { name: '/maravale' }).getAttribute('href')).toBe('/maravale');
  });

  test('the admin’s home shows the shop’s figures, each named by what it counts', async () => {
    await openAs(['admin'], '/admin');
    const figures: [string, string][] = [['Products', '7'], ['Producers', '5'], ['Buyers', '3'], ['Paid orders not refunded', '1'], ['Net revenue, all time', '$474.44']];
    for (const [label, value] of figures) {
      expect(screen.getByText(label).nextElementSibling?.textContent).toBe(value);
    }
  });

  test('Menu opens the navigation as a panel, and following a link closes it and navigates in the app', async () => {
    const user = userEvent.setup();
    const { pushed } = await openAs(['admin'], '/admin');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Account' }).dataset.open).toBe('true');
    await user.click(siteNav().getByRole('link', { name: 'All producers' }));
    await act(async () => undefined);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('All producers');
    expect(within(screen.getAllByRole('row')[1]!).getByRole('link', { name: 'Mara Vale' })).toBeTruthy();
    expect(pushed.at(-1)).toBe('/admin/producers');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  test('the user menu’s links go to this server’s sites: Go to dashboard, Wishlist, Account', async () => {
    const user = userEvent.setup();
    await openAs(['client'], '/dashboard');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const href = (name: string) => screen.getByRole('menuitem', { name }).getAttribute('href');
    expect([href('Go to dashboard'), href('Dashboard'), href('Wishlist'), href('Account')]).toEqual([
      '/dashboard',
      '/dashboard',
      '/dashboard/wishlist',
      '/dashboard/account/profile',
    ]);
  });

  test('in the browser too, a page the role lacks is the storefront’s 404, and a guest on the dashboard is asked to log in', async () => {
    await openAs(['client'], '/admin/producers');
    expect(screen.getByRole('heading', { name: 'Page not found (404)' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });

  test('a guest opening the dashboard lands on the login popup with the page to return to', async () => {
    const { pushed } = await openAs(null, '/dashboard');
    const { pathname, searchParams } = new URL(pushed.at(-1)!, 'http://shop.example');
    expect(pathname).toBe('/');
    expect(searchParams.get('services')).toBe('/dashboard');
    expect(screen.getByRole('dialog', { name: 'Log in or register' })).toBeTruthy();
  });
});
