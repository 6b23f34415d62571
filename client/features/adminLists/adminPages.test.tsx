/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { type ApiClient, ApiError, type ApiRequest } from '../../../shared/api/apiClient';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import type { AdminBuyerDetail, AdminOrderDetail, AdminOrderPage, AdminProducerDetail } from '../../../shared/schemas/adminLists';
import { makeStore } from '../../../shared/store/makeStore';
import { adminListSagas } from '../../../sagas/adminLists/adminListSagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { aUser } from '../../../test/helpers/fixtures';
import { App } from '../../App';

const ORDER_ID = '0b5e1c1e-7f3a-4c55-9c3e-1f1d2f9d6a10';
const ADMIN_ID = 7;
const BUYER_ID = 42;
const PRODUCER_ID = 3;
const PRODUCER_USER_ID = 43;

const ORDERS: AdminOrderPage = {
  rows: [{ id: ORDER_ID, placedAt: '2026-11-20T09:30:00.000Z', status: 'paid', total: 262.5, buyerId: BUYER_ID, buyerEmail: 'rosa@example.com', items: ['Velvet Hearts Kit'] }],
  total: 26,
  page: 1,
  pageSize: 25,
};

const orderDetail = (refunded: boolean): AdminOrderDetail => ({
  order: {
    id: ORDER_ID,
    status: refunded ? 'refunded' : 'paid',
    placedAt: '2026-11-20T09:30:00.000Z',
    paidAt: '2026-11-20T09:30:02.000Z',
    buyerId: BUYER_ID,
    buyerEmail: 'rosa@example.com',
    lines: [{ productId: 2, name: 'Velvet Hearts Kit', productType: 'samplepack', producerId: 2, includeProjectFile: false, price: 250 }],
    subTotal: 250,
    discount: 0,
    serviceFee: 12.5,
    total: 262.5,
    coupon: null,
    paymentMethod: 'card',
    provider: 'sandbox',
    providerPaymentId: 'sbx_pi_1',
    failureReason: null,
  },
  downloads: [{ productId: 2, kind: 'samplePack', name: 'Velvet Hearts Kit.zip', expiresAt: '2027-05-19T09:30:02.000Z', revoked: refunded, timesDownloaded: 1 }],
  history: [
    { version: 1, type: 'OrderPlaced', recordedAt: '2026-11-20T09:30:00.000Z', data: { lines: 1, total: 262.5, paymentMethod: 'card', provider: 'sandbox' } },
    { version: 2, type: 'PaymentSucceeded', recordedAt: '2026-11-20T09:30:02.000Z', data: { providerPaymentId: 'sbx_pi_1', paidAt: '2026-11-20T09:30:02.000Z' } },
    ...(refunded ? [{ version: 3, type: 'OrderRefunded', recordedAt: '2026-11-21T10:00:00.000Z', data: { reason: 'Refunded by the shop' } }] : []),
  ],
  refundable: !refunded,
});

const buyerDetail = (id: number, blocked: boolean, roles: string[] = ['client']): AdminBuyerDetail => ({
  account: { id, email: 'rosa@example.com', firstName: 'Rosa', lastName: 'Parks', country: 'Germany', roles, emailConfirmed: true, blocked, registeredAt: '2026-11-01T08:00:00.000Z' },
  orders: ORDERS.rows,
});

/** A producer whose account an operator made moderator and admin blocked. */
const producerDetail = (): AdminProducerDetail => ({
  producer: { id: PRODUCER_ID, artistName: 'Mara Vale', shortName: 'maravale', followers: 12 },
  account: {
    id: PRODUCER_USER_ID,
    email: 'mara@example.com',
    firstName: 'Mara',
    lastName: 'Vale',
    country: 'Germany',
    roles: ['producer', 'moderator'],
    emailConfirmed: true,
    blocked: true,
    registeredAt: '2026-10-01T08:00:00.000Z',
  },
  products: [],
});

/** The admin API as the pages reach it, with the calls made, and the state a refund or a block leaves. */
function fakeApi() {
  const calls: ApiRequest[] = [];
  let refunded = false;
  let blocked = false;
  let roles = ['client'];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      calls.push(request);
      const answer = ((): unknown => {
        if (request.path === '/ecommerce/cart') return { items: [], serviceFeeFixed: 0, serviceFeePercentage: 0, subTotal: 0, subTotalWithoutCoupon: 0, discount: 0, total: 0, coupon: null };
        if (request.path === '/admin/orders') {
          if (request.query?.from === '2026-02-30') throw new ApiError('Invalid from: Expected a date as YYYY-MM-DD', 400);
          return ORDERS;
        }
        if (request.path === `/admin/orders/${ORDER_ID}`) return orderDetail(refunded);
        if (request.path === `/admin/orders/${ORDER_ID}/refund`) {
          refunded = true;
          return { status: 'refunded', relisted: [] };
        }
        if (request.path === `/admin/buyers/${BUYER_ID}`) return buyerDetail(BUYER_ID, blocked, roles);
        if (request.path === `/admin/buyers/${ADMIN_ID}`) return buyerDetail(ADMIN_ID, false);
        if (request.path === `/admin/users/${BUYER_ID}/block`) {
          blocked = true;
          return { blocked: true, withheldProducts: 0 };
        }
        if (request.path === `/admin/users/${BUYER_ID}/unblock`) {
          blocked = false;
          return { blocked: false, withheldProducts: 0 };
        }
        if (request.path === `/admin/users/${BUYER_ID}/roles/moderator` && request.method === 'PUT') {
          roles = ['client', 'moderator'];
          return { roles };
        }
        if (request.path === `/admin/users/${BUYER_ID}/roles/moderator` && request.method === 'DELETE') {
          roles = ['client'];
          return { roles };
        }
        if (request.path === `/admin/producers/${PRODUCER_ID}`) return producerDetail();
        throw new Error(`unexpected call ${request.method} ${request.path}`);
      })();
      return answer as T;
    },
  };
  return { api, calls };
}

async function openAsAdmin(pathname: string, search = '') {
  const { api, calls } = fakeApi();
  const pushed: string[] = [];
  const store = makeStore(
    { config: { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES } },
    { sagaContext: { api, history: { push: (url: string) => pushed.push(url), replace: () => undefined }, now: () => new Date(0) } },
  );
  store.runSaga(watchNavigation);
  store.runSaga(adminListSagas);
  store.dispatch(userRefreshed(aUser({ id: ADMIN_ID, roles: ['admin'], currentRole: 'admin' })));
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  await act(async () => {
    store.dispatch(navigationRequested({ pathname, search, mode: 'push' }));
  });
  return { store, calls, pushed };
}

const inMain = () => within(screen.getByRole('main'));
const posts = (calls: ApiRequest[]) => calls.filter((call) => call.method === 'POST').map((call) => call.path);
const writes = (calls: ApiRequest[]) => calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`);
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the admin back office pages', () => {
  test('Orders lists each order with its buyer, items, state and total, and pages by 25', async () => {
    await openAsAdmin('/admin/orders');
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0b5e1c1e', 'rosa@example.com', 'Velvet Hearts Kit', 'Paid', '$262.50', 'Nov 20, 2026, 9:30 AM UTC']);
    expect(within(row).getByRole('link', { name: `Order ${ORDER_ID}` }).getAttribute('href')).toBe(`/admin/orders/${ORDER_ID}`);
    expect(within(row).getByRole('link', { name: 'rosa@example.com' }).getAttribute('href')).toBe(`/admin/buyers/${BUYER_ID}`);
    const pager = within(screen.getByRole('navigation', { name: 'Pages' }));
    expect(pager.getByText('26 orders found · page 1 of 2')).toBeTruthy();
    expect(pager.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/admin/orders?page=2');
    expect(pager.queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Custom orders' }).getAttribute('href')).toBe('/admin/custom-orders');
  });

  test('a search goes into the address and to the server; the fields keep it', async () => {
    const user = userEvent.setup();
    const { calls, pushed } = await openAsAdmin('/admin/orders', '?page=2');
    const search = within(screen.getByRole('search', { name: 'Search orders' }));
    await user.type(search.getByLabelText('Order id or buyer email'), 'rosa@');
    await user.selectOptions(search.getByLabelText('State'), 'paid');
    await user.click(search.getByRole('button', { name: 'Search' }));
    await act(async () => undefined);
    expect(pushed.at(-1)).toBe('/admin/orders?q=rosa%40&status=paid');
    expect(calls.filter((call) => call.path === '/admin/orders').map((call) => call.query)).toEqual([{ page: '2' }, { q: 'rosa@', status: 'paid' }]);
    expect((screen.getByLabelText('Order id or buyer email') as HTMLInputElement).value).toBe('rosa@');
  });

  test('a search the server refuses is said above the form, which stays', async () => {
    await openAsAdmin('/admin/orders', '?from=2026-02-30');
    expect(inMain().getByRole('alert').textContent).toBe('Invalid from: Expected a date as YYYY-MM-DD');
    expect(screen.getByRole('search', { name: 'Search orders' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('an order’s detail shows its placement, files and history; Refund asks first, then refunds once', async () => {
    const user = userEvent.setup();
    const { calls } = await openAsAdmin(`/admin/orders/${ORDER_ID}`);
    expect(screen.getByText('sbx_pi_1', { selector: 'code' })).toBeTruthy();
    expect(screen.getByText('$12.50')).toBeTruthy();
    expect(screen.getByText('OrderPlaced')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sessions of this buyer' }).getAttribute('href')).toBe(`/admin/support/sessions?userId=${BUYER_ID}`);
    expect(screen.getByRole('link', { name: 'Session of this order' }).getAttribute('href')).toBe(`/admin/support/sessions?orderId=${ORDER_ID}`);
    await user.click(screen.getByRole('button', { name: 'Refund order' }));
    const confirm = within(screen.getByRole('group', { name: 'Refund order' }));
    expect(confirm.getByText(/^Refund \$262\.50 to the buyer through sandbox\?/)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Yes, refund' }));
    await act(async () => undefined);
    expect(posts(calls)).toEqual([`/admin/orders/${ORDER_ID}/refund`]);
    expect(inMain().getByRole('status').textContent).toBe('Order refunded. Its download links no longer work, and the buyer is mailed.');
    expect(screen.getByText('Revoked (refunded)')).toBeTruthy();
    expect(screen.getByText('OrderRefunded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund order' })).toBeNull();
  });

  test('a buyer’s detail blocks the account after asking, then offers Unblock', async () => {
    const user = userEvent.setup();
    const { calls } = await openAsAdmin(`/admin/buyers/${BUYER_ID}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Rosa Parks' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Block account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, block' }));
    await act(async () => undefined);
    expect(posts(calls)).toEqual([`/admin/users/${BUYER_ID}/block`]);
    expect(inMain().getByRole('status').textContent).toBe('Account blocked: its sessions have ended and it cannot log in.');
    expect(screen.getByText('Blocked')).toBeTruthy();
    // A buyer has no products to bring back: unblocking says only what it does.
    await user.click(screen.getByRole('button', { name: 'Unblock account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, unblock' }));
    await act(async () => undefined);
    expect(inMain().getByRole('status').textContent).toBe('Account unblocked: it can log in again.');
  });

  test('the admin’s own account shows no Block button and no moderator control', async () => {
    await openAsAdmin(`/admin/buyers/${ADMIN_ID}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Rosa Parks' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /block/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /moderator/i })).toBeNull();
  });

  test('a buyer is made a moderator after asking, the page reads the roles again, and the role is taken back the same way', async () => {
    const user = userEvent.setup();
    const { calls } = await openAsAdmin(`/admin/buyers/${BUYER_ID}`);
    expect(fact('Roles')).toBe('client');
    expect(screen.queryByRole('button', { name: 'Remove moderator role' })).toBeNull();
    // The first press only asks; Cancel sends nothing.
    await user.click(screen.getByRole('button', { name: 'Make moderator' }));
    const ask = within(screen.getByRole('group', { name: 'Make moderator' }));
    expect(ask.getByText('Make Rosa Parks a moderator? They can approve and reject producers and tracks, and act on reports.')).toBeTruthy();
    await user.click(ask.getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Make moderator' }));
    await user.click(screen.getByRole('button', { name: 'Yes, make moderator' }));
    await act(async () => undefined);
    expect(writes(calls)).toEqual([`PUT /admin/users/${BUYER_ID}/roles/moderator`]);
    expect(inMain().getByRole('status').textContent).toBe('Moderator role given: the moderation pages are open to this account now.');
    expect(calls.filter((call) => call.path === `/admin/buyers/${BUYER_ID}`)).toHaveLength(2);
    expect(fact('Roles')).toBe('client, moderator');

    await user.click(screen.getByRole('button', { name: 'Remove moderator role' }));
    const confirm = within(screen.getByRole('group', { name: 'Remove moderator role' }));
    expect(confirm.getByText('Remove the moderator role from Rosa Parks? Their sessions end at once, and the moderation pages close to them.')).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Yes, remove' }));
    await act(async () => undefined);
    expect(writes(calls)).toEqual([`PUT /admin/users/${BUYER_ID}/roles/moderator`, `DELETE /admin/users/${BUYER_ID}/roles/moderator`]);
    expect(inMain().getByRole('status').textContent).toBe('Moderator role removed: its sessions have ended, and it is back to its own pages.');
    expect(fact('Roles')).toBe('client');
    expect(screen.getByRole('button', { name: 'Make moderator' })).toBeTruthy();
  });

  test('a producer’s detail shows the account’s roles; a blocked moderator can lose the role but is not offered it', async () => {
    await openAsAdmin(`/admin/producers/${PRODUCER_ID}`);
    expect(fact('Roles')).toBe('producer, moderator');
    expect(screen.getByRole('button', { name: 'Remove moderator role' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make moderator' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sessions of this producer' }).getAttribute('href')).toBe(`/admin/support/sessions?userId=${PRODUCER_USER_ID}`);
  });
});
