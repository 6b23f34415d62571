/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createActionLogRecorder } from '../../../shared/actionLog/recorder';
import { ApiError, type ApiRequest } from '../../../shared/api/apiClient';
import type { DeliveryUploadPort } from '../../../shared/api/deliveryUploadPort';
import type { Role } from '../../../shared/domain/auth/roles';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import type { CustomOrderDetail, CustomOrderSummary } from '../../../shared/schemas/customOrders';
import type { ProducerOffer } from '../../../shared/schemas/producerOffers';
import { makeStore } from '../../../shared/store/makeStore';
import { customOrderSagas } from '../../../sagas/customOrders/customOrderSagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { aUser } from '../../../test/helpers/fixtures';
import { App } from '../../App';
import { DeliveryUploaderContext } from './deliveryUploaderContext';
import { answeringApi, type Answers, byMethodAndPath } from '../../../test/helpers/answeringApi';

const ID = '0b6f6a2e-3c1d-4e5f-8a9b-0c1d2e3f4a5b';
const SUMMARY: CustomOrderSummary = {
  id: ID,
  serviceName: 'Mastering',
  state: 'waiting',
  price: 59,
  requestedAt: '2026-11-21T10:00:00.000Z',
  deadline: '2026-11-24T10:00:00.000Z',
  overdue: true,
  buyerName: 'Ada Lovelace',
  sellerName: 'Beatcrate',
};
const DETAIL: CustomOrderDetail = {
  ...SUMMARY,
  overdue: false,
  brief: 'Master my single, loud but not squashed.',
  thread: [{ from: 'buyer', kind: 'message', text: 'The vocal is a bit quiet.', at: '2026-11-21T11:00:00.000Z' }],
  files: [],
  downloadsUntil: null,
  revisionsLeft: 1,
  nextActionUrl: null,
  failureReason: null,
  actions: ['message'],
  viewer: 'buyer',
  refunded: false,
};
const DELIVERED: CustomOrderDetail = {
  ...DETAIL,
  state: 'delivered',
  files: [{ id: 'f1', name: 'Night Swim master.wav', bytes: 2_048, url: `/api/v1/custom-orders/${ID}/files/f1` }],
  thread: [...DETAIL.thread, { from: 'shop', kind: 'delivery', text: 'Your master.', at: '2026-11-22T10:00:00.000Z' }],
  actions: ['acceptDelivery', 'askRevision', 'message'],
};
const SERVICES = {
  services: [
    { id: 2, slug: 'mastering', name: 'Mastering', description: 'Final loudness.', priceUsd: 59, deliveryDays: 3 },
    { id: 4, slug: 'custom-beat', name: 'Custom beat', description: 'A beat from scratch.', priceUsd: 299, deliveryDays: 10 },
  ],
};

/** A producer's own offer, as their page links to it. */
const OFFER: ProducerOffer = {
  id: 31,
  producerId: 7,
  producerName: 'Nova Kade',
  producerUrl: 'nova-kade',
  name: 'Custom trap beat',
  description: 'A beat made for your song, with the stems.',
  price: 180,
  deliveryDays: 7,
};
/** An order for that offer: Nova Kade does the work. */
const OFFER_ORDER: CustomOrderDetail = { ...DETAIL, serviceName: 'Custom trap beat', price: 180, sellerName: 'Nova Kade' };
/** The same order as its producer reads it. */
const SOLD_ORDER: CustomOrderDetail = { ...OFFER_ORDER, viewer: 'seller' };

/** Opens `address` (a path, and a query when it has one) as a member of `role`. */
async function openAs(role: Role, address: string, answers: Answers, deliveryUploads?: DeliveryUploadPort & { hold(id: string, files: readonly File[]): void }) {
  const [pathname = '', query] = address.split('?');
  const { api, calls } = answeringApi(answers, byMethodAndPath);
  const pushed: string[] = [];
  const recorder = createActionLogRecorder({ sessionId: 'log-1', token: 'proof', now: () => new Date(0) });
  const store = makeStore(
    { config: { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES } },
    {
      sagaContext: { api, history: { push: (url) => void pushed.push(url), replace: () => undefined }, now: () => new Date(0), ...(deliveryUploads ? { deliveryUploads } : {}) },
      middleware: [recorder.middleware],
    },
  );
  store.runSaga(watchNavigation);
  store.runSaga(customOrderSagas);
  store.dispatch(userRefreshed(aUser({ roles: [role], currentRole: role })));
  render(
    <Provider store={store}>
      <DeliveryUploaderContext.Provider value={deliveryUploads ?? null}>
        <App />
      </DeliveryUploaderContext.Provider>
    </Provider>,
  );
  await act(async () => {
    store.dispatch(navigationRequested({ pathname, search: query ? `?${query}` : '', mode: 'push' }));
  });
  return { store, calls, recorder, pushed };
}

const posts = (calls: ApiRequest[]) => calls.filter((call) => call.method === 'POST').map(({ path, body }) => ({ path, body }));
const pageStatus = () => within(screen.getByRole('main')).getByRole('status');

describe('the buyer’s Services page', () => {
  test('lists their custom orders with state, deadline and the overdue flag', async () => {
    await openAs('client', '/dashboard/services', { 'GET /custom-orders': { orders: [SUMMARY] }, 'GET /pages/services/sound': SERVICES });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Services');
    const row = within(screen.getByRole('link', { name: 'Mastering' }).closest('tr')!);
    expect(row.getByText('Waiting for the producer')).toBeTruthy();
    expect(row.getByText('Nov 24, 2026')).toBeTruthy();
    expect(row.getByText('Overdue')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mastering' }).getAttribute('href')).toBe(`/dashboard/services/${ID}`);
  });

  test('orders a service: the description is checked first, then paid; it is not in the action log', async () => {
    const user = userEvent.setup();
    const { calls, recorder, pushed } = await openAs('client', '/dashboard/services', {
      'GET /custom-orders': { orders: [] },
      'GET /pages/services/sound': SERVICES,
      'POST /custom-orders': DETAIL,
      [`GET /custom-orders/${ID}`]: DETAIL,
    });
    expect(screen.getByText('You have not ordered a service yet.')).toBeTruthy();
    const form = within(screen.getByRole('form', { name: 'Order a service' }));
    await user.selectOptions(form.getByLabelText('Service'), '4');
    await user.type(form.getByLabelText('Describe the job'), 'dark');
    await user.click(form.getByRole('button', { name: 'Pay $299.00 and order' }));
    expect(form.getByText('Description of the job must be at least 20 characters long')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    await user.type(form.getByLabelText('Describe the job'), ' trap at 140 BPM, like my last single');
    await user.click(form.getByRole('button', { name: 'Pay $299.00 and order' }));
    await act(async () => undefined);
    expect(posts(calls)).toEqual([{ path: '/custom-orders', body: { serviceId: 4, paymentMethodId: 'pm_card_visa', expectedTotal: 29_900, brief: 'dark trap at 140 BPM, like my last single' } }]);
    expect(pushed.at(-1)).toBe(`/dashboard/services/${ID}`);
    expect(JSON.stringify(recorder.takeBatch(1000))).not.toContain('trap at 140');
  });

  test('a refused card is said on the form', async () => {
    const user = userEvent.setup();
    await openAs('client', '/dashboard/services', {
      'GET /custom-orders': { orders: [] },
      'GET /pages/services/sound': SERVICES,
      'POST /custom-orders': new ApiError('There is no sound service 2; pick one of the services on offer', 400),
    });
    const form = within(screen.getByRole('form', { name: 'Order a service' }));
    await user.type(form.getByLabelText('Describe the job'), 'Master my single, loud but not squashed.');
    await user.click(form.getByRole('button', { name: 'Pay $59.00 and order' }));
    expect(form.getByRole('alert').textContent).toBe('There is no sound service 2; pick one of the services on offer');
  });

  test('a price raised since the form was drawn is not paid: the form says so, shows the new price, and orders at it when asked again', async () => {
    const user = userEvent.setup();
    const answers: Record<string, unknown> = { 'GET /custom-orders': { orders: [] }, 'GET /pages/services/sound': SERVICES };
    const { calls } = await openAs('client', '/dashboard/services', answers);
    const raised = { services: SERVICES.services.map((service) => (service.id === 2 ? { ...service, priceUsd: 99 } : service)) };
    const changed = { statusCode: 409, message: 'The price of Mastering changed: it is now $99.00. You have not been charged; order again to pay the new price.', expectedTotal: 9_900 };
    answers['GET /pages/services/sound'] = raised;
    answers['POST /custom-orders'] = new ApiError(changed.message, 409, {}, changed);
    const form = within(screen.getByRole('form', { name: 'Order a service' }));
    await user.type(form.getByLabelText('Describe the job'), 'Master my single, loud but not squashed.');
    await user.click(form.getByRole('button', { name: 'Pay $59.00 and order' }));
    expect(form.getByRole('alert').textContent).toBe(changed.message);
    expect((form.getByLabelText('Service') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Mastering — $99.00, 3 days');
    answers['POST /custom-orders'] = DETAIL;
    await user.click(form.getByRole('button', { name: 'Pay $99.00 and order' }));
    await act(async () => undefined);
    expect(posts(calls).map((call) => (call.body as { expectedTotal: number }).expectedTotal)).toEqual([5_900, 9_900]);
  });

  test('a delivered order offers its files, acceptance and one revision', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs('client', `/dashboard/services/${ID}`, {
      [`GET /custom-orders/${ID}`]: DELIVERED,
      [`POST /custom-orders/${ID}/accept-delivery`]: { ...DELIVERED, state: 'completed', downloadsUntil: '2027-05-21T10:00:00.000Z', actions: ['message'] },
    });
    expect(screen.getByRole('link', { name: 'Download Night Swim master.wav' }).getAttribute('href')).toBe(`/api/v1/custom-orders/${ID}/files/f1`);
    expect(screen.getByLabelText('What to change (1 revision left)')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('Beatcrate delivered')]));
    await user.click(screen.getByRole('button', { name: 'Accept delivery' }));
    expect(posts(calls)).toEqual([{ path: `/custom-orders/${ID}/accept-delivery`, body: undefined }]);
    expect(pageStatus().textContent).toBe('Thank you: the order is complete, and its files are yours to download for 180 days.');
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept delivery' })).toBeNull();
  });

  test('a producer’s offer, followed from their page, is chosen and described; the order names the offer', async () => {
    const user = userEvent.setup();
    const { calls, recorder, pushed } = await openAs('client', '/dashboard/services?offer=31', {
      'GET /custom-orders': { orders: [] },
      'GET /pages/services/sound': SERVICES,
      'GET /offers/31': OFFER,
      'POST /custom-orders': OFFER_ORDER,
    });
    const form = within(screen.getByRole('form', { name: 'Order a service' }));
    const select = form.getByLabelText('Service') as HTMLSelectElement;
    expect(select.selectedOptions[0]!.textContent).toBe('Custom trap beat by Nova Kade — $180.00, 7 days');
    expect(within(form.getByRole('group', { name: 'Nova Kade’s services' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['Custom trap beat by Nova Kade — $180.00, 7 days']);
    expect(within(form.getByRole('group', { name: 'Beatcrate services' })).getAllByRole('option')).toHaveLength(2);
    expect(form.getByText('A beat made for your song, with the stems.')).toBeTruthy();
    // A shop service is still one choice away, and goes back as before.
    await user.selectOptions(select, '2');
    expect(form.getByText('Final loudness.')).toBeTruthy();
    expect(form.getByRole('button', { name: 'Pay $59.00 and order' })).toBeTruthy();
    await user.selectOptions(select, 'Custom trap beat by Nova Kade — $180.00, 7 days');
    await user.type(form.getByLabelText('Describe the job'), 'Dark trap at 140 BPM for my single');
    await user.click(form.getByRole('button', { name: 'Pay $180.00 and order' }));
    await act(async () => undefined);
    expect(posts(calls)).toEqual([{ path: '/custom-orders', body: { offerId: 31, paymentMethodId: 'pm_card_visa', expectedTotal: 18_000, brief: 'Dark trap at 140 BPM for my single' } }]);
    expect(pushed.at(-1)).toBe(`/dashboard/services/${ID}`);
    expect(JSON.stringify(recorder.takeBatch(1000))).not.toContain('140 BPM');
  });

  test('an offer no longer offered leaves the shop’s services and a short note', async () => {
    const { calls } = await openAs('client', '/dashboard/services?offer=99', {
      'GET /custom-orders': { orders: [] },
      'GET /pages/services/sound': SERVICES,
      'GET /offers/99': new ApiError('This service is not offered', 404),
    });
    const form = within(screen.getByRole('form', { name: 'Order a service' }));
    expect(form.getByText('That service is no longer offered.')).toBeTruthy();
    expect(form.queryByRole('group', { name: /services$/ })).toBeNull();
    expect(form.getByRole('button', { name: 'Pay $59.00 and order' })).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain('/offers/99');
  });

  test('the buyer’s list names who does each order’s work', async () => {
    await openAs('client', '/dashboard/services', {
      'GET /custom-orders': { orders: [{ ...SUMMARY, serviceName: 'Custom trap beat', sellerName: 'Nova Kade' }, { ...SUMMARY, id: 'other' }] },
      'GET /pages/services/sound': SERVICES,
    });
    expect(within(screen.getByRole('link', { name: 'Custom trap beat' }).closest('tr')!).getByText('Nova Kade')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: 'Mastering' }).closest('tr')!).getByText('Beatcrate')).toBeTruthy();
  });

  test('a delivery from a producer is theirs by name, and the buyer writes to them', async () => {
    await openAs('client', `/dashboard/services/${ID}`, {
      [`GET /custom-orders/${ID}`]: { ...DELIVERED, serviceName: 'Custom trap beat', sellerName: 'Nova Kade' },
    });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('Nova Kade delivered')]));
    expect(screen.getByLabelText('Write to Nova Kade')).toBeTruthy();
  });

  test('an order ended by the shop’s refund says the payment was refunded, not that its producer declined, and offers nothing to do', async () => {
    await openAs('client', `/dashboard/services/${ID}`, {
      [`GET /custom-orders/${ID}`]: {
        ...DELIVERED,
        serviceName: 'Custom trap beat',
        sellerName: 'Nova Kade',
        state: 'declined',
        refunded: true,
        actions: [],
        thread: [...DELIVERED.thread, { from: 'shop', kind: 'refunded', text: 'Refunded by the shop', at: '2026-11-23T10:00:00.000Z' }],
      },
    });
    expect(screen.getByText('Declined')).toBeTruthy();
    expect(screen.getByText('Refunded')).toBeTruthy();
    const entries = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(entries).toEqual(expect.arrayContaining([expect.stringMatching(/^Payment refunded · .*Refunded by the shop$/)]));
    expect(entries.some((text) => text?.includes('Nova Kade declined'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Accept delivery' })).toBeNull();
  });

  test('a producer has no Services page: the storefront’s 404', async () => {
    await openAs('producer', '/dashboard/services', {});
    expect(screen.getByRole('heading', { name: 'Page not found (404)' })).toBeTruthy();
    // No route at all: not the dashboard's frame with its menu.
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });
});

describe('the shop’s custom orders on the admin site', () => {
  test('accept, then deliver a file with a message through the delivery transport', async () => {
    const user = userEvent.setup();
    const sent: { uploadId: string; path: string; message: string; files: readonly File[] }[] = [];
    const held = new Map<string, readonly File[]>();
    const uploads = {
      hold: (id: string, files: readonly File[]) => void held.set(id, files),
      release: (id: string) => void held.delete(id),
      send: async (uploadId: string, path: string, message: string) => {
        sent.push({ uploadId, path, message, files: held.get(uploadId) ?? [] });
        return { ...DELIVERED, actions: ['message'] };
      },
    };
    const accepted = { ...DETAIL, state: 'accepted', actions: ['decline', 'deliver', 'message'] };
    const { calls } = await openAs(
      'admin',
      `/admin/custom-orders/${ID}`,
      { [`GET /admin/custom-orders/${ID}`]: { ...DETAIL, viewer: 'seller', actions: ['accept', 'decline', 'message'] }, [`POST /admin/custom-orders/${ID}/accept`]: accepted },
      uploads,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Custom order');
    await user.click(screen.getByRole('button', { name: 'Accept order' }));
    expect(posts(calls)).toEqual([{ path: `/admin/custom-orders/${ID}/accept`, body: undefined }]);
    expect(pageStatus().textContent).toBe('The order is accepted; the buyer has been told.');
    await user.type(screen.getByLabelText('Delivery message'), 'Your master, -14 LUFS.');
    await user.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(screen.getByText('Attach at least one file')).toBeTruthy();
    // The message typed stays for the next try; it goes once the delivery is taken.
    expect((screen.getByLabelText('Delivery message') as HTMLTextAreaElement).value).toBe('Your master, -14 LUFS.');
    const file = new File(['RIFF'], 'master.wav', { type: 'audio/wav' });
    await user.upload(screen.getByLabelText(/^Files/), file);
    await user.click(screen.getByRole('button', { name: 'Deliver' }));
    await act(async () => undefined);
    expect(sent.map(({ path, message, files }) => ({ path, message, files: files.map((f) => f.name) }))).toEqual([
      { path: `/admin/custom-orders/${ID}/delivery`, message: 'Your master, -14 LUFS.', files: ['master.wav'] },
    ]);
    expect(held.size).toBe(0);
    expect(pageStatus().textContent).toBe('The delivery was sent; the buyer has been told.');
    expect(screen.queryByLabelText('Delivery message')).toBeNull();
  });

  test('declining asks for the reason the buyer reads', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs('admin', `/admin/custom-orders/${ID}`, {
      [`GET /admin/custom-orders/${ID}`]: { ...DETAIL, viewer: 'seller', actions: ['accept', 'decline', 'message'] },
      [`POST /admin/custom-orders/${ID}/decline`]: { ...DETAIL, state: 'declined', actions: [] },
    });
    await user.click(screen.getByRole('button', { name: 'Decline and refund' }));
    expect(screen.getByText('Reason is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Reason to decline/), 'We cannot master a mono file.');
    await user.click(screen.getByRole('button', { name: 'Decline and refund' }));
    expect(posts(calls)).toEqual([{ path: `/admin/custom-orders/${ID}/decline`, body: { reason: 'We cannot master a mono file.' } }]);
    expect(screen.getByText('Declined')).toBeTruthy();
  });

  test('the list shows the buyer, the seller and the overdue flag', async () => {
    await openAs('admin', '/admin/custom-orders', { 'GET /admin/custom-orders': { orders: [SUMMARY, { ...SUMMARY, id: 'other', serviceName: 'Custom trap beat', sellerName: 'Nova Kade' }] } });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Service', 'Buyer', 'Seller', 'State', 'Deadline', 'Price']);
    const row = within(screen.getByRole('link', { name: 'Mastering' }).closest('tr')!);
    expect(row.getByText('Ada Lovelace')).toBeTruthy();
    expect(row.getByText('Beatcrate')).toBeTruthy();
    expect(row.getByText('Overdue')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: 'Custom trap beat' }).closest('tr')!).getByText('Nova Kade')).toBeTruthy();
  });

  test("an admin reads a producer's order as staff: both parties by name, the producer's steps as theirs, nothing to press", async () => {
    const delivered: CustomOrderDetail = {
      ...OFFER_ORDER,
      viewer: 'staff',
      state: 'delivered',
      thread: [...OFFER_ORDER.thread, { from: 'shop', kind: 'delivery', text: 'Your beat.', at: '2026-11-22T10:00:00.000Z' }],
      actions: [],
    };
    await openAs('admin', `/admin/custom-orders/${ID}`, { [`GET /admin/custom-orders/${ID}`]: delivered });
    const thread = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(thread).toEqual(expect.arrayContaining([expect.stringContaining('Nova Kade delivered'), expect.stringContaining('Ada Lovelace wrote')]));
    expect(thread.filter((text) => text?.startsWith('You'))).toEqual([]);
    const facts = screen.getAllByRole('definition').map((fact) => fact.textContent);
    expect(facts).toEqual(expect.arrayContaining(['Ada Lovelace', 'Nova Kade']));
    expect(within(screen.getByRole('article')).queryByRole('button')).toBeNull();
  });

  test('a moderator opening the shop’s list gets the storefront’s 404', async () => {
    await openAs('moderator', '/admin/custom-orders', {});
    expect(screen.getByRole('heading', { name: 'Page not found (404)' })).toBeTruthy();
    // No route at all: not the admin site's frame with its menu.
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });
});

describe('orders for a producer’s own offers', () => {
  test('the producer accepts, then delivers a file through the delivery transport, on their own API', async () => {
    const user = userEvent.setup();
    const sent: { path: string; message: string; files: readonly string[] }[] = [];
    const held = new Map<string, readonly File[]>();
    const uploads = {
      hold: (id: string, files: readonly File[]) => void held.set(id, files),
      release: (id: string) => void held.delete(id),
      send: async (uploadId: string, path: string, message: string) => {
        sent.push({ path, message, files: (held.get(uploadId) ?? []).map((file) => file.name) });
        return { ...SOLD_ORDER, state: 'delivered', actions: ['message'] };
      },
    };
    const { calls } = await openAs(
      'producer',
      `/dashboard/custom-services/${ID}`,
      {
        [`GET /studio/custom-orders/${ID}`]: { ...SOLD_ORDER, actions: ['accept', 'decline', 'message'] },
        [`POST /studio/custom-orders/${ID}/accept`]: { ...SOLD_ORDER, state: 'accepted', actions: ['decline', 'deliver', 'message'] },
      },
      uploads,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Custom order');
    expect(screen.getByRole('link', { name: '← Your custom services' }).getAttribute('href')).toBe('/dashboard/custom-services');
    expect(screen.getByText('Ada Lovelace wrote', { exact: false })).toBeTruthy();
    // The wait is the producer's own.
    expect(screen.getByText('Waiting for you')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline and refund' })).toBeTruthy();
    expect(screen.getByLabelText('Write to the buyer')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept order' }));
    expect(posts(calls)).toEqual([{ path: `/studio/custom-orders/${ID}/accept`, body: undefined }]);
    expect(pageStatus().textContent).toBe('The order is accepted; the buyer has been told.');
    await user.type(screen.getByLabelText('Delivery message'), 'Your beat, stems in the zip.');
    await user.upload(screen.getByLabelText(/^Files/), new File(['PK'], 'beat-and-stems.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Deliver' }));
    await act(async () => undefined);
    expect(sent).toEqual([{ path: `/studio/custom-orders/${ID}/delivery`, message: 'Your beat, stems in the zip.', files: ['beat-and-stems.zip'] }]);
    expect(pageStatus().textContent).toBe('The delivery was sent; the buyer has been told.');
  });

  test('declining goes to the producer’s own API with the reason', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs('producer', `/dashboard/custom-services/${ID}`, {
      [`GET /studio/custom-orders/${ID}`]: { ...SOLD_ORDER, actions: ['accept', 'decline', 'message'] },
      [`POST /studio/custom-orders/${ID}/decline`]: { ...SOLD_ORDER, state: 'declined', actions: [], refunded: true },
    });
    await user.type(screen.getByLabelText(/^Reason to decline/), 'I am fully booked this month.');
    await user.click(screen.getByRole('button', { name: 'Decline and refund' }));
    expect(posts(calls)).toEqual([{ path: `/studio/custom-orders/${ID}/decline`, body: { reason: 'I am fully booked this month.' } }]);
    expect(screen.getByText('Declined')).toBeTruthy();
  });

  test('a client opening a producer’s order page gets the storefront’s 404', async () => {
    const { calls } = await openAs('client', `/dashboard/custom-services/${ID}`, {});
    expect(screen.getByRole('heading', { name: 'Page not found (404)' })).toBeTruthy();
    // No route at all: not the dashboard's frame with its menu.
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
