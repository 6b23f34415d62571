/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ApiRequest } from '../../../shared/api/apiClient';
import type { Role } from '../../../shared/domain/auth/roles';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import type { AdminCoupon } from '../../../shared/schemas/coupons';
import type { ProducerBalance, Statement, StatementDetail } from '../../../shared/schemas/earnings';
import { makeStore } from '../../../shared/store/makeStore';
import { moneySagas } from '../../../sagas/money/moneySagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { aUser } from '../../../test/helpers/fixtures';
import { App } from '../../App';
import { answeringApi, type Answers, byMethodAndPath } from '../../../test/helpers/answeringApi';

const KIT: AdminCoupon = {
  code: 'kit25',
  producerId: 2,
  producerName: 'Mara Vale',
  percentage: 25,
  validFrom: '2026-11-01T00:00:00.000Z',
  validUntil: '2026-12-01T00:00:00.000Z',
  usageLimit: 10,
  usageCount: 3,
  active: true,
};
const MARA: ProducerBalance = { producerId: 2, producerName: 'Mara Vale', earnedCents: 39_144, paidOutCents: 0, balanceCents: 39_144, lastPayoutAt: null };
const NOVEMBER: Statement = {
  producerId: 2,
  producerName: 'Mara Vale',
  month: '2026-11',
  openingCents: 0,
  salesCents: 61_430,
  refundsCents: 0,
  commissionCents: 12_286,
  netCents: 49_144,
  payoutsCents: 0,
  closingCents: 49_144,
};
const DETAIL: StatementDetail = {
  statement: NOVEMBER,
  entries: [{ kind: 'sale', orderId: 'o-1', description: 'Harbour Lights', at: '2026-11-21T10:00:00.000Z', priceCents: 19_900, discountCents: 5970, commissionCents: 2786, netCents: 11_144 }],
};

const ANSWERS: Answers = {
  'GET /admin/coupons': { coupons: [KIT] },
  'GET /admin/payouts': { producers: [MARA] },
  'GET /admin/statements': { statements: [NOVEMBER] },
  'GET /admin/statements/2/months/2026-11': DETAIL,
  'GET /producer/earnings': { balanceCents: 49_144, statements: [NOVEMBER] },
  'GET /dashboard/home': { recentPurchases: [], followedNewBeats: [], openCustomOrders: [], listedProducts: [] },
};

async function openAs(role: Role, pathname: string, answers: Answers = {}) {
  const { api, calls } = answeringApi({ ...ANSWERS, ...answers }, byMethodAndPath);
  const store = makeStore(
    { config: { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES } },
    { sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) } },
  );
  store.runSaga(watchNavigation);
  store.runSaga(moneySagas);
  store.dispatch(userRefreshed(aUser({ roles: [role], currentRole: role })));
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  await act(async () => {
    store.dispatch(navigationRequested({ pathname, search: '', mode: 'push' }));
  });
  return { store, calls };
}

const pageStatus = () => within(screen.getByRole('main')).getByRole('status');
const writes = (calls: ApiRequest[]) => calls.filter((call) => call.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('Coupons', () => {
  // jsdom lays nothing out and has no scrollIntoView: what the page brings into view is recorded instead.
  const scrolledIntoView: Element[] = [];
  beforeEach(() => {
    scrolledIntoView.length = 0;
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolledIntoView.push(this);
    };
  });
  afterEach(() => void Reflect.deleteProperty(Element.prototype, 'scrollIntoView'));

  test('lists each coupon with its paid uses against its limit', async () => {
    await openAs('admin', '/admin/coupons');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Coupons');
    const row = screen.getByRole('row', { name: /kit25/ });
    // Each value with its column's name, shown beside it only where the columns are cards (CSS).
    expect(cells(row).slice(0, 5)).toEqual(['For Mara Vale', 'Off 25%', 'Valid Nov 1, 2026 – Nov 30, 2026', 'Uses 3 / 10', 'Active']);
  });

  test('the new-coupon form is mounted once: nothing typed before a save is lost to a remount', async () => {
    // Replacing the form's nodes right after they appear drops what was typed into them: in
    // Chromium, text typed between hydration and the page's first effects.
    const removedForms: string[] = [];
    const observer = new MutationObserver((mutations) => {
      for (const removed of mutations.flatMap((mutation) => [...mutation.removedNodes])) {
        if (removed instanceof Element) removedForms.push(...[...removed.querySelectorAll('form'), ...(removed.matches('form') ? [removed] : [])].map((form) => form.getAttribute('aria-label') ?? ''));
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await openAs('admin', '/admin/coupons');
    await act(async () => undefined);
    observer.disconnect();
    expect(screen.getByRole('form', { name: 'New coupon' })).toBeTruthy();
    expect(removedForms.filter((name) => name === 'New coupon')).toEqual([]);
  });

  test('a producer coupon above 30% is refused in the form with the cap message, and nothing is sent', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs('admin', '/admin/coupons');
    const form = within(screen.getByRole('form', { name: 'New coupon' }));
    await user.type(form.getByLabelText('Code'), 'Big40');
    await user.type(form.getByLabelText('Producer id (empty: sitewide)'), '2');
    await user.type(form.getByLabelText('Percentage off'), '40');
    await user.type(form.getByLabelText('Valid from'), '2026-11-01');
    await user.type(form.getByLabelText('Valid until (last day)'), '2026-11-30');
    await user.click(form.getByRole('button', { name: 'Create coupon' }));
    expect(form.getByText("A producer's coupon takes at most 30% off (the seller's cap)")).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  test('creating sends numbers and nulls, and the new coupon joins the list; Expire now stops one', async () => {
    const user = userEvent.setup();
    const created: AdminCoupon = { ...KIT, code: 'winter15', producerId: null, producerName: null, percentage: 15, usageLimit: null, usageCount: 0 };
    const { calls } = await openAs('admin', '/admin/coupons', {
      'POST /admin/coupons': { coupon: created },
      'POST /admin/coupons/kit25/expire': { coupon: { ...KIT, active: false, validUntil: '2026-11-21T10:00:00.000Z' } },
    });
    const form = within(screen.getByRole('form', { name: 'New coupon' }));
    await user.type(form.getByLabelText('Code'), 'Winter15');
    await user.type(form.getByLabelText('Percentage off'), '15');
    await user.type(form.getByLabelText('Valid from'), '2026-11-01');
    await user.type(form.getByLabelText('Valid until (last day)'), '2026-11-30');
    await user.click(form.getByRole('button', { name: 'Create coupon' }));
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/admin/coupons', body: { code: 'Winter15', producerId: null, percentage: 15, validFrom: '2026-11-01', validUntil: '2026-11-30', usageLimit: null } },
    ]);
    expect(pageStatus().textContent).toBe('Coupon winter15 created.');
    expect(cells(screen.getByRole('row', { name: /winter15/ })).slice(0, 2)).toEqual(['For Sitewide', 'Off 15%']);
    expect((within(screen.getByRole('form', { name: 'New coupon' })).getByLabelText('Code') as HTMLInputElement).value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Expire kit25 now' }));
    expect(writes(calls).at(-1)).toEqual({ method: 'POST', path: '/admin/coupons/kit25/expire', body: undefined });
    expect(cells(screen.getByRole('row', { name: /kit25/ }))[4]).toBe('Inactive');
    expect(screen.queryByRole('button', { name: 'Expire kit25 now' })).toBeNull();
  });

  test('Expire now on a coupon leaves what is typed in the new-coupon form', async () => {
    const user = userEvent.setup();
    await openAs('admin', '/admin/coupons', { 'POST /admin/coupons/kit25/expire': { coupon: { ...KIT, active: false } } });
    await user.type(within(screen.getByRole('form', { name: 'New coupon' })).getByLabelText('Code'), 'Spring20');
    await user.click(screen.getByRole('button', { name: 'Expire kit25 now' }));
    expect(pageStatus().textContent).toBe('Coupon kit25 expired: it no longer works.');
    expect((within(screen.getByRole('form', { name: 'New coupon' })).getByLabelText('Code') as HTMLInputElement).value).toBe('Spring20');
  });

  test('Edit opens the coupon’s terms with its last day, and saves them', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs('admin', '/admin/coupons', { 'PUT /admin/coupons/kit25': { coupon: { ...KIT, percentage: 30 } } });
    await user.click(screen.getByRole('button', { name: 'Edit kit25' }));
    const form = within(screen.getByRole('form', { name: 'Edit coupon kit25' }));
    expect((form.getByLabelText('Valid until (last day)') as HTMLInputElement).value).toBe('2026-11-30');
    await user.clear(form.getByLabelText('Percentage off'));
    await user.type(form.getByLabelText('Percentage off'), '30');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(writes(calls)).toEqual([
      { method: 'PUT', path: '/admin/coupons/kit25', body: { producerId: 2, percentage: 30, validFrom: '2026-11-01', validUntil: '2026-11-30', usageLimit: 10 } },
    ]);
    expect(screen.queryByRole('form', { name: 'Edit coupon kit25' })).toBeNull();
    expect(cells(screen.getByRole('row', { name: /kit25/ }))[1]).toBe('Off 30%');
  });

  test('Edit brings its form into view with the keyboard in its first field, at each press and not as the admin types', async () => {
    const user = userEvent.setup();
    await openAs('admin', '/admin/coupons');
    await user.click(screen.getByRole('button', { name: 'Edit kit25' }));
    const form = screen.getByRole('form', { name: 'Edit coupon kit25' });
    expect(scrolledIntoView).toEqual([form.closest('section')]);
    expect(document.activeElement).toBe(within(form).getByLabelText('Producer id (empty: sitewide)'));
    await user.keyboard('0');
    expect(scrolledIntoView).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Edit kit25' }));
    expect(scrolledIntoView).toHaveLength(2);
    expect(document.activeElement).toBe(within(screen.getByRole('form', { name: 'Edit coupon kit25' })).getByLabelText('Producer id (empty: sitewide)'));
  });
});

describe('Payouts', () => {
  test('Mark payout sent takes at most the balance and records it once, with a new balance', async () => {
    const user = userEvent.setup();
    const after: ProducerBalance = { ...MARA, paidOutCents: 20_000, balanceCents: 19_144, lastPayoutAt: '2026-12-02T10:00:00.000Z' };
    const { calls } = await openAs('admin', '/admin/payouts', {
      'POST /admin/payouts': { payout: { payoutId: 'x', producerId: 2, amountCents: 20_000, reference: 'Wire 7', sentAt: '2026-12-02T10:00:00.000Z' }, balance: after },
    });
    const card = within(screen.getByRole('article', { name: 'Mara Vale' }));
    await user.click(card.getByRole('button', { name: 'Mark payout sent to Mara Vale' }));
    const form = within(screen.getByRole('form', { name: 'Mark payout sent to Mara Vale' }));
    expect((form.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('391.44');
    await user.clear(form.getByLabelText('Amount (USD)'));
    await user.type(form.getByLabelText('Amount (USD)'), '391.45');
    await user.click(form.getByRole('button', { name: 'Record payout' }));
    expect(form.getByText('Amount must not exceed the balance of $391.44')).toBeTruthy();
    expect(form.getByText('Reference is required')).toBeTruthy();
    await user.clear(form.getByLabelText('Amount (USD)'));
    await user.type(form.getByLabelText('Amount (USD)'), '200');
    await user.type(form.getByLabelText('Transfer reference'), 'Wire 7');
    await user.click(form.getByRole('button', { name: 'Record payout' }));
    const sent = writes(calls);
    expect(sent).toEqual([{ method: 'POST', path: '/admin/payouts', body: { payoutId: expect.stringMatching(/^payout-[0-9a-f-]{36}$/), producerId: 2, amountCents: 20_000, reference: 'Wire 7' } }]);
    expect(pageStatus().textContent).toBe('Payout of $200.00 to Mara Vale recorded (Wire 7). Balance now $191.44.');
    expect(within(screen.getByRole('article', { name: 'Mara Vale' })).getByText('$191.44')).toBeTruthy();
  });
});

describe('Reports (statements)', () => {
  test('each producer’s month links to its entries, with CSV downloads; columns and cards name each sum as everywhere else', async () => {
    const user = userEvent.setup();
    await openAs('admin', '/admin/statements');
    const statementColumns = ['Opening', 'Sales after coupons', 'Refunds after coupons', 'Commission', 'Earned', 'Payouts', 'Closing'];
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Month', 'Producer', ...statementColumns]);
    const row = screen.getByRole('row', { name: /November 2026/ });
    expect(cells(row)).toEqual(['Mara Vale', '$0.00', '$614.30', '$0.00', '$122.86', '$491.44', '$0.00', '$491.44']);
    const csv = decodeURIComponent((screen.getByRole('link', { name: 'Download CSV' }) as HTMLAnchorElement).href);
    expect(csv).toContain(`Month,Producer,${statementColumns.join(',')}\r\n2026-11,Mara Vale,0.00,614.30,0.00,122.86,491.44,0.00,491.44`);
    await user.click(within(row).getByRole('link', { name: 'November 2026' }));
    expect(screen.getByRole('heading', { name: 'Mara Vale, November 2026' })).toBeTruthy();
    expect(screen.getByText('Earned', { selector: 'dt' }).nextSibling?.textContent).toBe('$491.44');
    const entryColumns = ['List price', 'Coupon share', 'Commission', 'Balance change'];
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Date', 'Entry', 'Beat or reference', ...entryColumns]);
    expect(cells(screen.getByRole('row', { name: /Harbour Lights/ }))).toEqual(['Nov 21, 2026', 'Sale', 'Harbour Lights', '$199.00', '$59.70', '$27.86', '$111.44']);
    expect(decodeURIComponent((screen.getByRole('link', { name: 'Download CSV' }) as HTMLAnchorElement).href)).toContain(`Date,Kind,Order,Description,${entryColumns.join(',')}\r\n`);
  });
});

describe('a producer’s own money', () => {
  test('their Dashboard shows the balance and leads to their statements', async () => {
    const user = userEvent.setup();
    await openAs('producer', '/dashboard');
    const section = within(screen.getByRole('region', { name: 'Balance' }));
    expect(section.getByText('$491.44')).toBeTruthy();
    await user.click(section.getByRole('link', { name: 'Statements' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Statements');
    expect(cells(screen.getByRole('row', { name: /November 2026/ }))[4]).toBe('$491.44');
  });

  test('their Dashboard lists the custom orders waiting for them, each opening on Custom services', async () => {
    const waiting = {
      id: 'c-7',
      serviceName: 'Custom trap beat',
      state: 'waiting' as const,
      price: 150,
      requestedAt: '2026-11-24T09:00:00.000Z',
      deadline: '2026-11-29T09:00:00.000Z',
      overdue: false,
      buyerName: 'Ada Lovelace',
      sellerName: 'Mara Vale',
    };
    await openAs('producer', '/dashboard', { 'GET /dashboard/home': { recentPurchases: [], followedNewBeats: [], openCustomOrders: [waiting], listedProducts: [] } });
    const orders = within(screen.getByRole('region', { name: 'Open custom orders' }));
    expect(orders.getByRole('link', { name: 'Custom trap beat' }).getAttribute('href')).toBe('/dashboard/custom-services/c-7');
    expect(orders.getByText('for Ada Lovelace')).toBeTruthy();
    expect(orders.getByText('Waiting for you')).toBeTruthy();
  });

  test.each([
    ['client', '/admin/coupons'],
    ['producer', '/admin/payouts'],
    ['moderator', '/admin/statements'],
    ['client', '/dashboard/statements'],
  ] as const)('a %s opening %s gets the 404', async (role, pathname) => {
    const { calls } = await openAs(role, pathname);
    expect(screen.getByRole('heading', { name: 'Page not found (404)' })).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/admin') || call.path.startsWith('/producer'))).toEqual([]);
  });
});
