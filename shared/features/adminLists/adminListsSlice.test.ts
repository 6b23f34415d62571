import type { AdminAccount, AdminBuyerPage, AdminOrderPage } from '../../schemas/adminLists';
import { loggedOut } from '../auth/authSlice';
import adminListsSlice, {
  adminActionDone,
  adminActionFailed,
  adminActionRequested,
  buyerLoaded,
  listLoaded,
  listSearchRefused,
  selectAdminActing,
  selectAdminList,
  selectAdminStatus,
  selectRefusedSearch,
  type AdminListsState,
} from './adminListsSlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(adminListsSlice.reducer);
const root = (adminLists: AdminListsState) => ({ adminLists });

const account: AdminAccount = {
  id: 3,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'Germany',
  roles: ['client'],
  emailConfirmed: true,
  blocked: false,
  registeredAt: '2026-10-01T10:00:00.000Z',
};
const buyers: AdminBuyerPage = {
  rows: [{ id: 3, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', country: 'Germany', blocked: false, orderCount: 2, registeredAt: null }],
  total: 1,
  page: 1,
  pageSize: 25,
};
const orders: AdminOrderPage = {
  rows: [{ id: 'ord_1', placedAt: '2026-11-01T10:00:00.000Z', status: 'paid', total: 209.95, buyerId: 3, buyerEmail: 'ada@example.com', items: ['Night Drive'] }],
  total: 1,
  page: 1,
  pageSize: 25,
};

describe('admin lists slice', () => {
  test('a page lands in its own list; a refused search empties that list alone until the next page clears the refusal', () => {
    const refused = reduce(undefined, listLoaded({ list: 'buyers', page: buyers }), listLoaded({ list: 'orders', page: orders }), listSearchRefused({ list: 'orders', message: 'Expected a date as YYYY-MM-DD' }));
    expect(selectAdminList(root(refused), 'orders')).toBeNull();
    expect(selectAdminList(root(refused), 'buyers')).toEqual(buyers);
    expect(selectAdminList(root(refused), 'tracks')).toBeNull();
    expect(selectRefusedSearch(root(refused))).toBe('Expected a date as YYYY-MM-DD');
    const searched = reduce(refused, listLoaded({ list: 'orders', page: orders }));
    expect(selectAdminList(root(searched), 'orders')).toEqual(orders);
    expect(selectRefusedSearch(root(searched))).toBeNull();
  });

  test('one admin action at a time: a second press while one runs is ignored', () => {
    const acting = reduce(undefined, adminActionRequested({ kind: 'refund', orderId: 'ord_1' }), adminActionRequested({ kind: 'block', userId: 3 }));
    expect(selectAdminActing(root(acting))).toEqual({ kind: 'refund', orderId: 'ord_1' });
    const done = reduce(acting, adminActionDone({ message: 'Order ord_1 refunded.' }));
    expect(selectAdminActing(root(done))).toBeNull();
    expect(selectAdminStatus(root(done))).toBe('Order ord_1 refunded.');
    expect(selectAdminActing(root(reduce(done, adminActionRequested({ kind: 'block', userId: 3 }))))).toEqual({ kind: 'block', userId: 3 });
  });

  test('a failed action frees the buttons and leaves the last message as it was', () => {
    const state = reduce(undefined, adminActionRequested({ kind: 'unblock', userId: 3 }), adminActionDone({ message: 'Unblocked.' }), adminActionRequested({ kind: 'grantModerator', userId: 3 }), adminActionFailed());
    expect(selectAdminActing(root(state))).toBeNull();
    expect(selectAdminStatus(root(state))).toBe('Unblocked.');
  });

  test('opening a detail page clears the last action’s message', () => {
    const state = reduce(undefined, adminActionRequested({ kind: 'block', userId: 3 }), adminActionDone({ message: 'Blocked.' }), buyerLoaded({ account, orders: [] }));
    expect(selectAdminStatus(root(state))).toBeNull();
  });

  test('logout forgets every list and detail', () => {
    const state = reduce(undefined, listLoaded({ list: 'buyers', page: buyers }), buyerLoaded({ account, orders: [] }), adminActionRequested({ kind: 'block', userId: 3 }), loggedOut());
    expect(state).toEqual(adminListsSlice.reducer(undefined, { type: 'init' }));
  });
});
