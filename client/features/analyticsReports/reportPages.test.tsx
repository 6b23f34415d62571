/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiError } from '../../../shared/api/apiClient';
import type { Role } from '../../../shared/domain/auth/roles';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import type { ProducerReport, ShopReport } from '../../../shared/schemas/analyticsReports';
import { makeStore } from '../../../shared/store/makeStore';
import { analyticsReportSagas } from '../../../sagas/analyticsReports/analyticsReportSagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { type Answers, answeringApi } from '../../../test/helpers/answeringApi';
import { aUser } from '../../../test/helpers/fixtures';
import { App } from '../../App';

const DAYS = ['2026-11-10', '2026-11-11', '2026-11-12'];

const SHOP: ShopReport = {
  range: { from: DAYS[0]!, to: DAYS[2]! },
  days: [
    { day: DAYS[0]!, orders: 2, revenueCents: 52_498, refunds: 0, refundedCents: 0 },
    { day: DAYS[1]!, orders: 0, revenueCents: 0, refunds: 0, refundedCents: 0 },
    { day: DAYS[2]!, orders: 1, revenueCents: 26_549, refunds: 1, refundedCents: 26_549 },
  ],
  totals: { orders: 3, revenueCents: 79_047, averageOrderCents: 26_349, refunds: 1, refundedCents: 26_549 },
  funnel: [
    { step: 'Product Viewed', people: 40, fromPrevious: null, overall: null },
    { step: 'Product Added', people: 10, fromPrevious: 0.25, overall: 0.25 },
    { step: 'Checkout Started', people: 5, fromPrevious: 0.5, overall: 0.125 },
    { step: 'Order Completed', people: 3, fromPrevious: 0.6, overall: 0.075 },
  ],
  topBeatsByPlays: [
    { productId: 7, name: 'Neon Rain', producer: 'Lowtide', plays: 12 },
    { productId: 1, name: 'Night Drive', producer: 'Nova Kade', plays: 4 },
  ],
  topBeatsBySales: [{ productId: 1, name: 'Night Drive', producer: 'Nova Kade', sales: 1, revenueCents: 19_900 }],
  coupons: { ordersWithCoupon: 1, applied: 2, denied: 1, discountCents: 3_980 },
};

const PRODUCER: ProducerReport = {
  range: { from: DAYS[0]!, to: DAYS[2]! },
  days: [
    { day: DAYS[0]!, plays: 6, sales: 1, revenueCents: 12_000, refunds: 0, refundedCents: 0 },
    { day: DAYS[1]!, plays: 3, sales: 0, revenueCents: 0, refunds: 0, refundedCents: 0 },
    { day: DAYS[2]!, plays: 0, sales: 0, revenueCents: 0, refunds: 0, refundedCents: 0 },
  ],
  totals: { plays: 9, sales: 1, revenueCents: 12_000, refunds: 0, refundedCents: 0 },
  topProducts: [{ productId: 50, name: 'Own Pack', category: 'sample pack', plays: 9, sales: 1, revenueCents: 12_000 }],
};

const ANSWERS: Answers = {
  '/admin/summary': { products: 330, producers: 15, buyers: 12, orders: 40, revenue: 8_000 },
  '/admin/analytics/report': SHOP,
  '/dashboard/home': { recentPurchases: [], followedNewBeats: [], openCustomOrders: [], listedProducts: [] },
  '/producer/analytics/report': PRODUCER,
};

async function openAs(role: Role, pathname: string, search = '', answers: Answers = {}) {
  const { api, calls } = answeringApi({ ...ANSWERS, ...answers });
  // The address bar's entries: what push and replace leave in it.
  const entries: string[] = [];
  const history = {
    push: (url: string) => void entries.push(url),
    replace: (url: string) => void entries.splice(-1, 1, url),
  };
  const store = makeStore(
    { config: { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES } },
    { sagaContext: { api, history, now: () => new Date(0) } },
  );
  store.runSaga(watchNavigation);
  store.runSaga(analyticsReportSagas);
  store.dispatch(userRefreshed(aUser({ roles: [role], currentRole: role })));
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  await act(async () => {
    store.dispatch(navigationRequested({ pathname, search, mode: 'push' }));
  });
  /** What the address bar shows. */
  const address = () => entries[entries.length - 1];
  return { store, calls, address };
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the admin Dashboard\'s reports', () => {
  test('each chart is named and described, and beside it a table holds its figures; the Dashboard\'s links stay', async () => {
    const { calls } = await openAs('admin', '/admin', '?from=2026-11-10&to=2026-11-12');
    expect(calls.find((call) => call.path === '/admin/analytics/report')?.query).toEqual({ from: '2026-11-10', to: '2026-11-12' });

    const revenue = screen.getByRole('img', { name: 'Gross revenue and refunds per day' });
    expect(revenue.querySelector('desc')?.textContent).toBe(
      'From Nov 10, 2026 to Nov 12, 2026, by day. Gross revenue: $790.47 in all, the most on Nov 10, 2026 ($524.98). Refunds: $265.49 in all, the most on Nov 12, 2026 ($265.49).',
    );
    expect(screen.getByRole('img', { description: /^From Nov 10, 2026 to Nov 12, 2026, by day/ })).toBe(revenue);
    // Axes: round dollars up the side, days along the bottom.
    expect([...revenue.querySelectorAll('text')].map((text) => text.textContent)).toEqual(expect.arrayContaining(['$0', '$600', 'Nov 10', 'Nov 12']));
    expect(rowsOf(screen.getByRole('table', { name: 'Gross revenue and refunds per day (table)' }))).toEqual([
      ['Day', 'Paid orders', 'Gross revenue', 'Refunds'],
      ['Nov 10', '2', '$524.98', '$0.00'],
      ['Nov 11', '0', '$0.00', '$0.00'],
      ['Nov 12', '1', '$265.49', '$265.49'],
    ]);
    // The long table scrolls in a box the keyboard reaches.
    expect(screen.getByRole('region', { name: 'Gross revenue and refunds per day (table)' }).tabIndex).toBe(0);

    expect(screen.getByRole('img', { name: 'Funnel: people at each step' }).querySelector('desc')?.textContent).toBe(
      'Viewed a product: 40; Added to a cart: 10 (25% of the first step); Started checkout: 5 (12.5% of the first step); Paid an order: 3 (7.5% of the first step).',
    );
    expect(rowsOf(screen.getByRole('table', { name: 'Funnel (table)' }))).toEqual([
      ['Step', 'People', 'Of the step before', 'Of the first step'],
      ['Viewed a product', '40', '—', '—'],
      ['Added to a cart', '10', '25%', '25%'],
      ['Started checkout', '5', '50%', '12.5%'],
      ['Paid an order', '3', '60%', '7.5%'],
    ]);
    expect(screen.getByRole('img', { name: 'Top beats by plays' })).toBeTruthy();
    expect(rowsOf(screen.getByRole('table', { name: 'Top beats by plays (table)' })).slice(1)).toEqual([
      ['Neon Rain', 'Lowtide', '12'],
      ['Night Drive', 'Nova Kade', '4'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Top beats by sales (table)' }))).toEqual([
      ['Beat', 'Producer', 'Sales', 'Sales at list price'],
      ['Night Drive', 'Nova Kade', '1', '$199.00'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Coupon use (table)' })).slice(1)).toEqual([
      ['Paid orders with a coupon', '1'],
      ['Taken off by coupons', '$39.80'],
      ['Applied in a cart', '2'],
      ['Refused in a cart', '1'],
    ]);
    const figures = within(screen.getByRole('region', { name: 'Reports' }));
    expect(figures.getByText('Average order (gross)').nextSibling?.textContent).toBe('$263.49');
    expect(figures.getByText('Refunds (1)').nextSibling?.textContent).toBe('$265.49');

    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/v1/admin/analytics/report.csv?from=2026-11-10&to=2026-11-12');
    for (const name of ['Pending producers', 'Pending tracks', 'Reported tracks', 'Support sessions']) expect(screen.getByRole('link', { name })).toBeTruthy();
  });

  test('each money figure is named by what it counts: the Dashboard’s net revenue of all time, the range’s gross revenue, refunds and the net they come to', async () => {
    await openAs('admin', '/admin', '?from=2026-11-10&to=2026-11-12');
    const figure = (scope: ReturnType<typeof within>, label: string) => scope.getByText(label, { selector: '.stat dt' }).nextSibling?.textContent;
    const page = within(screen.getByRole('main'));
    expect([figure(page, 'Paid orders not refunded'), figure(page, 'Net revenue, all time')]).toEqual(['40', '$8,000.00']);
    const reports = within(screen.getByRole('region', { name: 'Reports' }));
    expect([figure(reports, 'Gross revenue'), figure(reports, 'Paid orders'), figure(reports, 'Refunds (1)')]).toEqual(['$790.47', '3', '$265.49']);
    expect(reports.queryAllByText(/^Revenue/)).toEqual([]);
    const terms = within(reports.getByRole('note', { name: 'What the money figures count' }));
    expect(terms.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextSibling?.textContent}`)).toEqual([
      'Gross revenue: what buyers paid for the orders of the range: coupons taken off, the service fee included, refunds not deducted.',
      'Refunds: what refunds in the range gave back, whenever the order was paid.',
      'Net revenue: gross revenue less refunds: $524.98 in the range.',
    ]);
  });

  test('the range form is a GET form to the page; choosing dates moves the address and reads that range', async () => {
    const user = userEvent.setup();
    const { address, calls } = await openAs('admin', '/admin');
    const form = screen.getByRole('form', { name: 'Report dates' });
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', '/admin']);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect([from.name, from.type, from.value, (screen.getByLabelText('To') as HTMLInputElement).value]).toEqual(['from', 'date', '2026-11-10', '2026-11-12']);
    await user.clear(from);
    await user.type(from, '2026-11-11');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(address()).toBe('/admin?from=2026-11-11&to=2026-11-12');
    expect(calls.filter((call) => call.path === '/admin/analytics/report').at(-1)?.query).toEqual({ from: '2026-11-11', to: '2026-11-12' });
  });

  test('a range the server refuses is said above the form, and no figures of another range are shown', async () => {
    await openAs('admin', '/admin', '?from=2026-11-12&to=2026-11-10', { '/admin/analytics/report': new ApiError('The "from" date must not be after the "to" date', 400) });
    expect(within(screen.getByRole('region', { name: 'Reports' })).getByRole('alert').textContent).toBe('The "from" date must not be after the "to" date');
    expect(screen.queryByRole('img', { name: 'Gross revenue and refunds per day' })).toBeNull();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-12');
    // The rest of the Dashboard is still there.
    expect(screen.getByRole('link', { name: 'Support sessions' })).toBeTruthy();
  });
});

test('a range that runs into another year names each day with its year', async () => {
  const days = ['2026-12-31', '2027-01-01'].map((day) => ({ day, orders: 0, revenueCents: 0, refunds: 0, refundedCents: 0 }));
  await openAs('admin', '/admin', '', { '/admin/analytics/report': { ...SHOP, range: { from: '2026-12-31', to: '2027-01-01' }, days } });
  expect(rowsOf(screen.getByRole('table', { name: 'Gross revenue and refunds per day (table)' })).slice(1).map((row) => row[0])).toEqual(['Dec 31, 2026', 'Jan 1, 2027']);
});

test('reports that cannot be read are said in their place; the Dashboard around them still shows', async () => {
  await openAs('admin', '/admin', '', { '/admin/analytics/report': new ApiError('The database is unavailable at the moment', 503) });
  expect(within(screen.getByRole('region', { name: 'Reports' })).getByRole('alert').textContent).toBe('The figures could not be read just now: The database is unavailable at the moment');
  expect(screen.getByText('Paid orders not refunded')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Pending producers' })).toBeTruthy();
});

describe('a producer\'s Dashboard', () => {
  test('shows their plays and sales with the same charts and tables', async () => {
    const { calls } = await openAs('producer', '/dashboard', '?from=2026-11-10&to=2026-11-12');
    expect(calls.find((call) => call.path === '/producer/analytics/report')?.query).toEqual({ from: '2026-11-10', to: '2026-11-12' });
    const section = within(screen.getByRole('region', { name: 'Plays and sales' }));
    expect(section.getByRole('img', { name: 'Plays per day' }).querySelector('desc')?.textContent).toBe(
      'From Nov 10, 2026 to Nov 12, 2026, by day. Plays: 9 in all, the most on Nov 10, 2026 (6).',
    );
    expect(rowsOf(section.getByRole('table', { name: 'Plays per day (table)' })).slice(1)).toEqual([
      ['Nov 10', '6'],
      ['Nov 11', '3'],
      ['Nov 12', '0'],
    ]);
    expect(rowsOf(section.getByRole('table', { name: 'Sales and refunds at list price per day (table)' }))).toEqual([
      ['Day', 'Sales', 'Sales at list price', 'Refunds at list price'],
      ['Nov 10', '1', '$120.00', '$0.00'],
      ['Nov 11', '0', '$0.00', '$0.00'],
      ['Nov 12', '0', '$0.00', '$0.00'],
    ]);
    expect(section.getByText('Sales at list price', { selector: 'dt' }).nextSibling?.textContent).toBe('$120.00');
    expect(rowsOf(section.getByRole('table', { name: 'Your products (table)' }))).toEqual([
      ['Product', 'Kind', 'Plays', 'Sales', 'Sales at list price'],
      ['Own Pack', 'sample pack', '9', '1', '$120.00'],
    ]);
    // No download and no shop-wide figures here.
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Funnel: people at each step' })).toBeNull();
  });

  test('a buyer\'s Dashboard asks for no figures and shows none', async () => {
    const { calls } = await openAs('client', '/dashboard');
    expect(calls.map((call) => call.path)).not.toContain('/producer/analytics/report');
    expect(screen.queryByRole('region', { name: 'Plays and sales' })).toBeNull();
  });

  test('a producer not verified yet has no figures, and their home shows without them', async () => {
    await openAs('producer', '/dashboard', '', { '/producer/analytics/report': null });
    expect(screen.queryByRole('region', { name: 'Plays and sales' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Recent purchases' })).toBeTruthy();
  });
});
