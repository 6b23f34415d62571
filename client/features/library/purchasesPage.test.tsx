/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Task } from 'redux-saga';
import { ApiError, type ApiRequest } from '../../../shared/api/apiClient';
import type { Purchase, PurchasedFile, Sale } from '../../../shared/schemas/library';
import { librarySagas } from '../../../sagas/library/librarySagas';
import { openStudio } from '../../../test/helpers/studioHarness';

const file = (productId: number, kind: PurchasedFile['kind'], name: string, changes: Partial<PurchasedFile> = {}): PurchasedFile => ({
  productId,
  kind,
  name,
  url: `/api/v1/ecommerce/orders/o/downloads/${productId}/${kind}`,
  expiresAt: '2027-05-23T10:00:00.000Z',
  daysLeft: 179,
  state: 'available',
  ...changes,
});

const PAID: Purchase = {
  id: '11111111-1111-4111-8111-111111111111',
  placedAt: '2026-11-24T10:00:00.000Z',
  paidAt: '2026-11-24T10:00:00.000Z',
  status: 'paid',
  reason: null,
  items: [
    { productId: 1, name: 'Night Drive', productType: 'track', includeProjectFile: true, priceCents: 24_800, contract: { contractId: 'BC-AAAA-BBBB-CCCC-DDDD-EEEE', url: '/api/v1/account/contracts/BC-AAAA-BBBB-CCCC-DDDD-EEEE/pdf' } },
    { productId: 20, name: 'Harbour Lights', productType: 'track', includeProjectFile: false, priceCents: 30_000, contract: { contractId: null, url: null } },
    { productId: 2, name: 'Velvet Hearts Kit', productType: 'samplepack', includeProjectFile: false, priceCents: 25_000, contract: null },
  ],
  itemsCents: 79_800,
  discountCents: 7_980,
  serviceFeeCents: 2_500,
  totalCents: 74_320,
  coupon: 'winter10',
  paymentMethod: 'card',
  walletType: null,
  files: [
    file(1, 'beat', 'Night Drive.wav'),
    file(1, 'projectFile', 'Night Drive project.tar.gz'),
    file(20, 'beat', 'Harbour Lights.wav', { state: 'preparing' }),
    file(2, 'samplePack', 'Velvet Hearts Kit.tar.gz', { daysLeft: 1 }),
  ],
};

const EXPIRED: Purchase = {
  ...PAID,
  id: '22222222-2222-4222-8222-222222222222',
  placedAt: '2026-01-10T10:00:00.000Z',
  paidAt: '2026-01-10T10:00:00.000Z',
  items: [{ ...PAID.items[2]! }],
  itemsCents: 25_000,
  discountCents: 0,
  coupon: null,
  paymentMethod: 'paypal',
  files: [file(2, 'samplePack', 'Velvet Hearts Kit.tar.gz', { expiresAt: '2026-07-09T10:00:00.000Z', daysLeft: 0, state: 'expired' })],
};

const REFUNDED: Purchase = {
  ...EXPIRED,
  id: '33333333-3333-4333-8333-333333333333',
  placedAt: '2025-12-01T10:00:00.000Z',
  status: 'refunded',
  reason: 'Harbour Lights was sold to another buyer before your payment completed. Your payment has been refunded.',
  files: [],
};

const running: Task[] = [];
afterEach(() => {
  for (const task of running.splice(0)) task.cancel();
});

/** My purchases over a fake API: GET answers `orders`; the mail call answers `mail`. */
async function openPurchases(orders: Purchase[], mail: (request: ApiRequest) => unknown = () => ({ message: 'The mail with your download links was sent to your email address' })) {
  const opened = await openStudio({
    role: 'client',
    pathname: '/dashboard/purchases',
    answer: (request) => {
      if (request.method === 'GET' && request.path === '/account/orders') return { orders };
      if (request.method === 'POST' && request.path.endsWith('/mail')) return mail(request);
      return undefined;
    },
  });
  running.push(opened.store.runSaga(librarySagas));
  return opened;
}

const order = (placed: string) => within(screen.getByRole('listitem', { name: `Order of ${placed}` }));

describe('My purchases', () => {
  test('each order shows its state, items, totals with the coupon, the payment, and its files with the days left', async () => {
    await openPurchases([PAID, EXPIRED, REFUNDED]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My purchases');
    const paid = order('Nov 24, 2026');
    expect(paid.getByText('Paid')).toBeTruthy();
    expect(paid.getByText('with project file')).toBeTruthy();
    expect(paid.getByText('Discount (coupon winter10)').nextElementSibling?.textContent).toBe('−$79.80');
    expect(paid.getByText('Total').nextElementSibling?.textContent).toBe('$743.20');
    expect(paid.getByText('Paid with').nextElementSibling?.textContent).toBe('Card');
    expect(paid.getByRole('link', { name: 'Download Night Drive.wav' }).getAttribute('href')).toBe('/api/v1/ecommerce/orders/o/downloads/1/beat');
    expect(paid.getAllByText('179 days left')).toHaveLength(2);
    expect(paid.getByText('Last day to download')).toBeTruthy();
    expect((paid.getByRole('button', { name: 'Being prepared…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('each beat has its licence contract to download, or says it is being prepared; a sample pack has none', async () => {
    await openPurchases([PAID]);
    const paid = order('Nov 24, 2026');
    expect(paid.getByRole('link', { name: 'Licence contract for Night Drive (PDF)' }).getAttribute('href')).toBe('/api/v1/account/contracts/BC-AAAA-BBBB-CCCC-DDDD-EEEE/pdf');
    expect((paid.getByRole('button', { name: 'Contract being prepared…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(paid.queryByRole('link', { name: /Licence contract for Velvet Hearts Kit/ })).toBeNull();
  });

  test('after day 180 the files give the terms’ reason instead of a download, and no mail is offered; a refund says why', async () => {
    await openPurchases([EXPIRED, REFUNDED]);
    const expired = order('Jan 10, 2026');
    expect(expired.queryByRole('link', { name: /^Download/ })).toBeNull();
    expect(expired.getByText(/The download period ended on Jul 9, 2026\. Purchased files can be downloaded for 180 days from the date of purchase; download links expire on day 181/)).toBeTruthy();
    expect(expired.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe('/terms-and-conditions');
    expect(expired.queryByRole('button', { name: 'Send the mail again' })).toBeNull();
    expect(expired.getByText('Paid with').nextElementSibling?.textContent).toBe('PayPal');
    const refunded = order('Dec 1, 2025');
    expect(refunded.getByText('Refunded')).toBeTruthy();
    expect(refunded.getByText(/was sold to another buyer before your payment completed/)).toBeTruthy();
    expect(refunded.getByText('This order was refunded, so its files can no longer be downloaded.')).toBeTruthy();
  });

  test('"Send the mail again" makes one call per press and shows the answer; a refusal shows the server’s words', async () => {
    let presses = 0;
    const { calls } = await openPurchases([PAID], () => (++presses === 1 ? { message: 'The mail with your download links was sent to your email address' } : new ApiError('You asked for 3 order mails within the hour; try again later', 429)));
    const paid = order('Nov 24, 2026');
    await userEvent.click(paid.getByRole('button', { name: 'Send the mail again' }));
    expect(paid.getByRole('status').textContent).toBe('The mail with your download links was sent to your email address');
    await userEvent.click(paid.getByRole('button', { name: 'Send the mail again' }));
    expect(paid.getByRole('status').textContent).toBe('You asked for 3 order mails within the hour; try again later');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: `/account/orders/${PAID.id}/mail` },
      { method: 'POST', path: `/account/orders/${PAID.id}/mail` },
    ]);
  });

  test('a custom service bought leads to its custom order, where its thread and files are', async () => {
    const custom: Purchase = { ...EXPIRED, id: '33333333-3333-4333-8333-333333333333', items: [{ productId: 2, name: 'Mastering', productType: 'customservice', includeProjectFile: false, priceCents: 5_900, contract: null }], files: [] };
    await openPurchases([custom]);
    expect(screen.getByRole('link', { name: 'Mastering' }).getAttribute('href')).toBe(`/dashboard/services/${custom.id}`);
  });

  test('a member without orders is sent to the shop', async () => {
    await openPurchases([]);
    expect(screen.getByText(/No purchases yet\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a beat in the shop' }).getAttribute('href')).toBe('/beats');
  });
});

describe('Sales', () => {
  const SALE: Sale = { contractId: 'BC-AAAA-BBBB-CCCC-DDDD-EEEE', productId: 20, beatName: 'Harbour Lights', priceCents: 30_000, soldAt: '2026-11-24T10:00:00.000Z', refunded: false, url: '/api/v1/account/contracts/BC-AAAA-BBBB-CCCC-DDDD-EEEE/pdf' };

  test('a producer lists each sold beat with the contract of its sale', async () => {
    await openStudio({ role: 'producer', pathname: '/dashboard/sales', answer: (request) => (request.path === '/account/sales' ? { sales: [SALE, { ...SALE, contractId: 'BC-1111-2222-3333-4444-5555', beatName: 'Gone Gold', refunded: true }] } : undefined) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sales');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Harbour LightsNov 24, 2026$300.00BC-AAAA-BBBB-CCCC-DDDD-EEEE',
      'Gone GoldRefundedNov 24, 2026$300.00BC-1111-2222-3333-4444-5555',
    ]);
    expect(screen.getByRole('link', { name: 'Licence contract for Harbour Lights (PDF)' }).getAttribute('href')).toBe(SALE.url);
  });
});
