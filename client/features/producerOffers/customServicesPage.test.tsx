/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiError, type ApiClient, type ApiRequest } from '../../../shared/api/apiClient';
import type { Role } from '../../../shared/domain/auth/roles';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import type { CustomOrderSummary } from '../../../shared/schemas/customOrders';
import type { ProducerOffer } from '../../../shared/schemas/producerOffers';
import { makeStore } from '../../../shared/store/makeStore';
import { customOrderSagas } from '../../../sagas/customOrders/customOrderSagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { producerOfferSagas } from '../../../sagas/producerOffers/producerOfferSagas';
import { aUser } from '../../../test/helpers/fixtures';
import { App } from '../../App';

const offer = (id: number, name: string, changes: Partial<ProducerOffer> = {}): ProducerOffer => ({
  id,
  producerId: 7,
  producerName: 'Nova Kade',
  producerUrl: 'nova-kade',
  name,
  description: 'Your vocals mixed on one of my beats, two revisions.',
  price: 60,
  deliveryDays: 3,
  ...changes,
});
const MIXING = offer(31, 'Vocal mixing');

const ORDER: CustomOrderSummary = {
  id: '0b6f6a2e-3c1d-4e5f-8a9b-0c1d2e3f4a5b',
  serviceName: 'Vocal mixing',
  state: 'waiting',
  price: 60,
  requestedAt: '2026-11-21T10:00:00.000Z',
  deadline: '2026-11-24T10:00:00.000Z',
  overdue: false,
  buyerName: 'Ada Lovelace',
  sellerName: 'Nova Kade',
};

/** The API as the server answers: `answer` per call (an ApiError is thrown), every call recorded. */
async function openAs(role: Role, pathname: string, answer: (request: ApiRequest) => unknown) {
  const calls: ApiRequest[] = [];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      calls.push(request);
      const answered = answer(request);
      if (answered instanceof ApiError) throw answered;
      if (answered === undefined) throw new Error(`unexpected call ${request.method} ${request.path}`);
      return answered as T;
    },
  };
  const store = makeStore(
    { config: { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES } },
    { sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) } },
  );
  store.runSaga(watchNavigation);
  store.runSaga(producerOfferSagas);
  store.runSaga(customOrderSagas);
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

/** A verified producer's page: their offers and orders as given; `other` answers the rest. */
const studio =
  (offers: ProducerOffer[], orders: CustomOrderSummary[] = [], other: (request: ApiRequest) => unknown = () => undefined) =>
  (request: ApiRequest) => {
    if (request.method === 'GET' && request.path === '/studio/offers') return { offers };
    if (request.method === 'GET' && request.path === '/studio/custom-orders') return { orders };
    return other(request);
  };

const changes = (calls: ApiRequest[]) => calls.filter((call) => call.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));
const errorOf = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby')!)?.textContent;
const offerRow = (name: string) => within(screen.getByRole('listitem', { name }));

describe('a producer’s Custom services', () => {
  test('an unverified producer reads SPEC’s line with the way to Account, and gets no form', async () => {
    const { calls } = await openAs('producer', '/dashboard/custom-services', () => new ApiError('Complete identity verification to start selling tracks', 403));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Custom services');
    expect(screen.getByText('Complete identity verification to start selling tracks')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Account' }).getAttribute('href')).toBe('/dashboard/account/profile');
    expect(screen.queryByRole('form', { name: 'Offer a service' })).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/studio/offers']);
  });

  test('lists the live offers, and the orders for them with the buyer, each opening its page', async () => {
    await openAs('producer', '/dashboard/custom-services', studio([MIXING], [ORDER]));
    expect(offerRow('Vocal mixing').getByText('$60.00')).toBeTruthy();
    expect(offerRow('Vocal mixing').getByText('3 days')).toBeTruthy();
    expect(offerRow('Vocal mixing').getByText('Your vocals mixed on one of my beats, two revisions.')).toBeTruthy();
    const orders = within(screen.getByRole('region', { name: 'Orders for your services' }));
    const row = within(orders.getByRole('link', { name: 'Vocal mixing' }).closest('tr')!);
    expect(row.getByText('Ada Lovelace')).toBeTruthy();
    expect(row.getByText('Waiting for the producer')).toBeTruthy();
    expect(orders.getByRole('link', { name: 'Vocal mixing' }).getAttribute('href')).toBe(`/dashboard/custom-services/${ORDER.id}`);
  });

  test('offering a service: each wrong field says why under it before anything is sent; then the offer is listed and the form is empty', async () => {
    const user = userEvent.setup();
    const made = offer(32, 'Custom trap beat', { description: 'A beat made for your song, with the stems.', price: 120, deliveryDays: 5 });
    const { calls } = await openAs(
      'producer',
      '/dashboard/custom-services',
      studio([], [], (request) => (request.method === 'POST' && request.path === '/studio/offers' ? made : undefined)),
    );
    expect(screen.getByText(/You offer no services yet/)).toBeTruthy();
    expect(screen.getByText('No orders for your services yet.')).toBeTruthy();
    const form = within(screen.getByRole('form', { name: 'Offer a service' }));
    await user.type(form.getByLabelText('Name'), 'Custom trap beat');
    await user.type(form.getByLabelText('Description'), 'A beat for you');
    await user.type(form.getByLabelText('Price (USD, 5–5000)'), '2');
    await user.type(form.getByLabelText('Delivery days (1–60)'), '5');
    await user.click(form.getByRole('button', { name: 'Offer this service' }));
    expect(errorOf(form.getByLabelText('Description'))).toBe('Description must be at least 20 characters long');
    expect(errorOf(form.getByLabelText('Price (USD, 5–5000)'))).toBe('The price must be from $5 to $5000');
    expect(changes(calls)).toEqual([]);

    await user.clear(form.getByLabelText('Description'));
    await user.type(form.getByLabelText('Description'), 'A beat made for your song, with the stems.');
    await user.clear(form.getByLabelText('Price (USD, 5–5000)'));
    await user.type(form.getByLabelText('Price (USD, 5–5000)'), '119.99');
    await user.click(form.getByRole('button', { name: 'Offer this service' }));
    expect(changes(calls)).toEqual([
      { method: 'POST', path: '/studio/offers', body: { name: 'Custom trap beat', description: 'A beat made for your song, with the stems.', priceCents: 11999, deliveryDays: 5 } },
    ]);
    expect(offerRow('Custom trap beat').getByText('$120.00')).toBeTruthy();
    const fresh = within(screen.getByRole('form', { name: 'Offer a service' }));
    expect((fresh.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  test('a field the server refuses is said under that field', async () => {
    const user = userEvent.setup();
    await openAs(
      'producer',
      '/dashboard/custom-services',
      studio([MIXING], [], (request) => (request.method === 'POST' ? new ApiError('Check the form', 400, { name: 'You already offer a service by that name' }) : undefined)),
    );
    const form = within(screen.getByRole('form', { name: 'Offer a service' }));
    await user.type(form.getByLabelText('Name'), 'Vocal mixing');
    await user.type(form.getByLabelText('Description'), 'Your vocals mixed on one of my beats.');
    await user.type(form.getByLabelText('Price (USD, 5–5000)'), '60');
    await user.type(form.getByLabelText('Delivery days (1–60)'), '3');
    await user.click(form.getByRole('button', { name: 'Offer this service' }));
    expect(errorOf(form.getByLabelText('Name'))).toBe('You already offer a service by that name');
    expect(form.getByRole('alert').textContent).toContain('Check the form');
  });

  test('Edit opens the offer’s terms in place; Save sends them and the row shows the answer', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs(
      'producer',
      '/dashboard/custom-services',
      studio([MIXING], [], (request) => (request.method === 'PUT' ? { ...MIXING, price: 75, deliveryDays: 4 } : undefined)),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Vocal mixing' }));
    const form = within(screen.getByRole('form', { name: 'Edit Vocal mixing' }));
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Vocal mixing');
    const price = form.getByLabelText('Price (USD, 5–5000)') as HTMLInputElement;
    expect(price.value).toBe('60.00');
    await user.clear(price);
    await user.type(price, '75');
    await user.clear(form.getByLabelText('Delivery days (1–60)'));
    await user.type(form.getByLabelText('Delivery days (1–60)'), '4');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(changes(calls)).toEqual([
      { method: 'PUT', path: '/studio/offers/31', body: { name: 'Vocal mixing', description: MIXING.description, priceCents: 7500, deliveryDays: 4 } },
    ]);
    expect(screen.queryByRole('form', { name: 'Edit Vocal mixing' })).toBeNull();
    expect(offerRow('Vocal mixing').getByText('$75.00')).toBeTruthy();
    expect(offerRow('Vocal mixing').getByText('4 days')).toBeTruthy();
  });

  test('Withdraw asks first; confirmed, the offer leaves the list', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs(
      'producer',
      '/dashboard/custom-services',
      studio([MIXING, offer(32, 'Custom trap beat')], [], (request) => (request.method === 'DELETE' ? { status: 'ok' } : undefined)),
    );
    await user.click(screen.getByRole('button', { name: 'Withdraw Vocal mixing' }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Withdraw Vocal mixing?' }));
    await user.click(confirm.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(changes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Withdraw Vocal mixing' }));
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw' }));
    expect(changes(calls)).toEqual([{ method: 'DELETE', path: '/studio/offers/31', body: undefined }]);
    expect(screen.queryByRole('listitem', { name: 'Vocal mixing' })).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Custom trap beat' })).toBeTruthy();
  });

  test('a refused withdrawal says why and keeps the offer', async () => {
    const user = userEvent.setup();
    await openAs('producer', '/dashboard/custom-services', studio([MIXING], [], () => new ApiError('Could not withdraw the service', 409)));
    await user.click(screen.getByRole('button', { name: 'Withdraw Vocal mixing' }));
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw' }));
    expect(within(screen.getByRole('alertdialog', { name: 'Withdraw Vocal mixing?' })).getByText('Could not withdraw the service')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Vocal mixing' })).toBeTruthy();
  });

  test('at the most services a page holds, the form gives way to the reason', async () => {
    await openAs('producer', '/dashboard/custom-services', studio(Array.from({ length: 10 }, (_, index) => offer(40 + index, `Service ${index + 1}`))));
    expect(screen.queryByRole('form', { name: 'Offer a service' })).toBeNull();
    expect(screen.getByText('Your page holds at most 10 services; withdraw one to offer another.')).toBeTruthy();
  });

  test.each(['client', 'admin'] as const)('Custom services is the storefront’s 404 for a member whose role is %s', async (role) => {
    const { calls } = await openAs(role, '/dashboard/custom-services', () => undefined);
    expect(screen.getByRole('heading', { name: 'Page not found (404)' })).toBeTruthy();
    // No route at all: not the dashboard's frame with its menu.
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
