/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { redactState } from '../../../shared/actionLog/redact';
import type { ApiRequest } from '../../../shared/api/apiClient';
import { ApiError } from '../../../shared/api/apiClient';
import type { Role } from '../../../shared/domain/auth/roles';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import type { AnalyticsKeyView } from '../../../shared/schemas/analytics';
import type { AnalyticsWebhookDelivery, AnalyticsWebhookView } from '../../../shared/schemas/analyticsWebhooks';
import { makeStore } from '../../../shared/store/makeStore';
import { analyticsConsoleSagas } from '../../../sagas/analyticsConsole/analyticsConsoleSagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { answeringApi, type Answers, byMethodAndPath } from '../../../test/helpers/answeringApi';
import { aUser } from '../../../test/helpers/fixtures';
import { App } from '../../App';

const LOADER: AnalyticsKeyView = {
  id: 1,
  name: 'Warehouse loader',
  prefix: 'bca_Xy12Ab',
  scopes: ['events:read'],
  createdAt: '2026-11-02T09:30:00.000Z',
  lastUsedAt: '2026-11-20T18:05:00.000Z',
  revokedAt: null,
};
const OLD: AnalyticsKeyView = { ...LOADER, id: 2, name: 'Old BI', prefix: 'bca_Old000', scopes: ['events:read', 'webhooks:manage'], lastUsedAt: null, revokedAt: '2026-11-10T12:00:00.000Z' };
const ORDERS_HOOK: AnalyticsWebhookView = {
  id: 7,
  url: 'https://bi.example.com/hooks/beatcrate',
  types: ['Order Completed', 'Order Refunded'],
  state: 'active',
  createdAt: '2026-11-03T10:00:00.000Z',
  createdByUserId: 1,
  createdByKeyPrefix: null,
  disabledAt: null,
  deliveredThrough: '4211',
  failures: 3,
  retryAt: '2026-11-21T10:00:35.000Z',
};
const KEY_SECRET = 'bca_9dN4vJc2QKx8mP0sTq7LwYbE3hRz5uAaGf6iDk1oCnV';
const HOOK_SECRET = 'whsec_c2VjcmV0IHRoYXQgc2lnbnMgZXZlcnkgZGVsaXZlcnk=';

const ANSWERS: Answers = {
  'GET /admin/analytics/keys': { keys: [LOADER, OLD] },
  'GET /admin/analytics/webhooks': { webhooks: [ORDERS_HOOK] },
};

async function openAs(role: Role | null, answers: Answers = {}) {
  const answered = { ...ANSWERS, ...answers };
  const { api, calls } = answeringApi(answered, byMethodAndPath);
  const copied: string[] = [];
  const store = makeStore(
    { config: { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES } },
    {
      sagaContext: {
        api,
        history: { push: () => undefined, replace: () => undefined },
        now: () => new Date(0),
        clipboard: { writeText: async (text) => void copied.push(text) },
      },
    },
  );
  store.runSaga(watchNavigation);
  store.runSaga(analyticsConsoleSagas);
  if (role) store.dispatch(userRefreshed(aUser({ roles: [role], currentRole: role })));
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  await act(async () => {
    store.dispatch(navigationRequested({ pathname: '/admin/analytics', search: '', mode: 'push' }));
  });
  return { store, calls, copied, answered };
}

const pageStatus = () => within(screen.getByRole('main')).getAllByRole('status')[0]!;
const writes = (calls: ApiRequest[]) => calls.filter((call) => call.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const keysTable = () => within(screen.getByRole('region', { name: 'API keys' }));
const webhooksRegion = () => within(screen.getByRole('region', { name: 'Webhooks' }));

describe('Analytics keys and webhooks', () => {
  test('lists each key by its prefix with scopes, when made and last used (each date named, for the phone’s cards), and whether revoked; each webhook with its events, state and cursor', async () => {
    await openAs('admin');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Analytics keys and webhooks');
    expect(cells(keysTable().getByRole('row', { name: /Warehouse loader/ })).slice(0, 5)).toEqual(['bca_Xy12Ab…', 'Read events', 'Made Nov 2, 2026, 9:30 AM UTC', 'Last used Nov 20, 2026, 6:05 PM UTC', 'Active']);
    const old = keysTable().getByRole('row', { name: /Old BI/ });
    expect(cells(old).slice(0, 5)).toEqual(['bca_Old000…', 'Read events, Manage webhooks', 'Made Nov 2, 2026, 9:30 AM UTC', 'Last used Never', 'Revoked Nov 10, 2026, 12:00 PM UTC']);
    expect(within(old).queryByRole('button', { name: /Revoke/ })).toBeNull();
    const hook = webhooksRegion().getByRole('row', { name: /bi\.example\.com/ });
    expect(within(hook).getByRole('rowheader').textContent).toBe('https://bi.example.com/hooks/beatcrateRegistered Nov 3, 2026, 10:00 AM UTC in the console');
    expect(cells(hook).slice(0, 3)).toEqual(['Order Completed, Order Refunded', 'Active3 failed attempts; next Nov 21, 2026, 10:00 AM UTC', '4211']);
  });

  test('a new key is shown once, with the warning and a copy button; the action log never holds it, and once put away it is gone', async () => {
    const user = userEvent.setup();
    const made: AnalyticsKeyView = { ...LOADER, id: 3, name: 'Looker', prefix: KEY_SECRET.slice(0, 10), scopes: ['events:read', 'webhooks:manage'], lastUsedAt: null };
    const { store, calls, copied } = await openAs('admin', { 'POST /admin/analytics/keys': { key: made, secret: KEY_SECRET } });
    const form = within(screen.getByRole('form', { name: 'New API key' }));
    await user.type(form.getByLabelText(/^Name/), 'Looker');
    await user.click(form.getByRole('checkbox', { name: /Manage webhooks/ }));
    await user.click(form.getByRole('button', { name: 'Create key' }));
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/admin/analytics/keys', body: { name: 'Looker', scopes: ['events:read', 'webhooks:manage'] } }]);

    const shown = within(screen.getByRole('region', { name: 'Your new API key' }));
    expect(shown.getByText('Copy it now: you will not see it again.')).toBeTruthy();
    expect((shown.getByLabelText('API key “Looker”') as HTMLTextAreaElement).value).toBe(KEY_SECRET);
    expect(pageStatus().textContent).toBe('Key “Looker” made. Copy it now: it is not shown again.');
    await user.click(shown.getByRole('button', { name: 'Copy' }));
    expect(copied).toEqual([KEY_SECRET]);
    expect(pageStatus().textContent).toBe('The key is copied to the clipboard.');
    expect(cells(keysTable().getByRole('row', { name: /Looker/ })).slice(0, 2)).toEqual([`${KEY_SECRET.slice(0, 10)}…`, 'Read events, Manage webhooks']);
    // Store read: this is the state the tab's action log would record, redacted; the key must not be in it.
    expect(JSON.stringify(redactState(store.getState()))).not.toContain(KEY_SECRET);

    await user.click(shown.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByRole('region', { name: 'Your new API key' })).toBeNull();
    expect(screen.queryByDisplayValue(KEY_SECRET)).toBeNull();
    // The form is empty again for the next key.
    expect((within(screen.getByRole('form', { name: 'New API key' })).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });

  test('a key without a name or a scope is refused in the form, and nothing is sent', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs('admin');
    const form = within(screen.getByRole('form', { name: 'New API key' }));
    await user.click(form.getByRole('checkbox', { name: /Read events/ }));
    await user.click(form.getByRole('button', { name: 'Create key' }));
    expect(form.getByText('Name is required')).toBeTruthy();
    expect(form.getByText('Choose at least one scope')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  test('revoking asks first; confirmed, the key shows as revoked and cannot be revoked again', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs('admin', { 'POST /admin/analytics/keys/1/revoke': { key: { ...LOADER, revokedAt: '2026-11-21T10:00:00.000Z' } } });
    await user.click(keysTable().getByRole('button', { name: 'Revoke Warehouse loader' }));
    const confirm = within(screen.getByRole('group', { name: 'Revoke Warehouse loader' }));
    expect(confirm.getByText(/^Revoke “Warehouse loader” \(bca_Xy12Ab…\)\? Requests made with it get 401 from the next one/)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await user.click(confirm.getByRole('button', { name: 'Yes, revoke' }));
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/admin/analytics/keys/1/revoke', body: undefined }]);
    const row = keysTable().getByRole('row', { name: /Warehouse loader/ });
    expect(cells(row)[4]).toBe('Revoked Nov 21, 2026, 10:00 AM UTC');
    expect(within(row).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(pageStatus().textContent).toMatch(/^Key “Warehouse loader” revoked: requests made with it get 401 from now on/);
  });

  test('registering a webhook sends the URL and the ticked events; its signing secret is shown once; a URL the server refuses is explained under the field', async () => {
    const user = userEvent.setup();
    const registered: AnalyticsWebhookView = { ...ORDERS_HOOK, id: 8, url: 'https://warehouse.example.com/in', types: ['Signed Up'], failures: 0, retryAt: null, deliveredThrough: '4300' };
    const refusal = new ApiError('Invalid url: 10.0.0.4 is not a public address (private); webhooks are delivered to public addresses only', 400);
    const { calls, answered } = await openAs('admin', { 'POST /admin/analytics/webhooks': refusal });
    const form = within(screen.getByRole('form', { name: 'New webhook' }));
    await user.type(form.getByLabelText('Receiver URL (https://)'), 'https://10.0.0.4/in');
    await user.click(form.getByRole('checkbox', { name: 'Signed Up' }));
    await user.click(form.getByRole('button', { name: 'Register webhook' }));
    expect(form.getByText('Invalid url: 10.0.0.4 is not a public address (private); webhooks are delivered to public addresses only')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'The new webhook’s signing secret' })).toBeNull();

    answered['POST /admin/analytics/webhooks'] = { webhook: registered, secret: HOOK_SECRET };
    await user.clear(form.getByLabelText('Receiver URL (https://)'));
    await user.type(form.getByLabelText('Receiver URL (https://)'), 'https://warehouse.example.com/in');
    await user.click(form.getByRole('button', { name: 'Register webhook' }));
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/admin/analytics/webhooks', body: { url: 'https://10.0.0.4/in', types: ['Signed Up'] } },
      { method: 'POST', path: '/admin/analytics/webhooks', body: { url: 'https://warehouse.example.com/in', types: ['Signed Up'] } },
    ]);
    const shown = within(screen.getByRole('region', { name: 'The new webhook’s signing secret' }));
    expect((shown.getByLabelText('Signing secret of https://warehouse.example.com/in') as HTMLTextAreaElement).value).toBe(HOOK_SECRET);
    expect(shown.getByText('Copy it now: you will not see it again.')).toBeTruthy();
    expect(cells(webhooksRegion().getByRole('row', { name: /warehouse\.example\.com/ })).slice(0, 2)).toEqual(['Signed Up', 'Active']);
    expect(screen.queryByText(/not a public address/)).toBeNull();
  });

  test('Deliveries opens the webhook’s log with each answer; pause, resume, and delete after confirming', async () => {
    const user = userEvent.setup();
    const attempts: AnalyticsWebhookDelivery[] = [
      { id: 12, batchId: 'msg_B', attempt: 1, at: '2026-11-21T09:59:00.000Z', durationMs: 41, events: 100, firstCursor: '4112', lastCursor: '4211', statusCode: 200, error: null, delivered: true },
      { id: 11, batchId: 'msg_A', attempt: 2, at: '2026-11-21T09:58:00.000Z', durationMs: 10_003, events: 3, firstCursor: '4001', lastCursor: '4009', statusCode: null, error: 'No answer within 10 s', delivered: false },
      { id: 10, batchId: 'msg_A', attempt: 1, at: '2026-11-21T09:57:55.000Z', durationMs: 12, events: 3, firstCursor: '4001', lastCursor: '4009', statusCode: 500, error: null, delivered: false },
    ];
    const { calls } = await openAs('admin', {
      'GET /admin/analytics/webhooks/7/deliveries': { deliveries: attempts },
      'POST /admin/analytics/webhooks/7/disable': { webhook: { ...ORDERS_HOOK, state: 'disabled', disabledAt: '2026-11-21T10:00:00.000Z' } },
      'POST /admin/analytics/webhooks/7/enable': { webhook: ORDERS_HOOK },
      'DELETE /admin/analytics/webhooks/7': { id: 7, deleted: true },
    });
    await user.click(webhooksRegion().getByRole('button', { name: 'Deliveries to https://bi.example.com/hooks/beatcrate' }));
    const log = within(screen.getByRole('region', { name: 'Deliveries to https://bi.example.com/hooks/beatcrate' }));
    expect(log.getAllByRole('row').slice(1).map((row) => cells(row).slice(1, 5))).toEqual([
      ['HTTP 200', '1', '100', '41 ms'],
      ['No answer within 10 s', '2', '3', '10003 ms'],
      ['HTTP 500', '1', '3', '12 ms'],
    ]);

    await user.click(webhooksRegion().getByRole('button', { name: 'Pause https://bi.example.com/hooks/beatcrate' }));
    expect(cells(webhooksRegion().getByRole('row', { name: /bi\.example\.com/ }))[1]).toMatch(/^Paused/);
    expect(pageStatus().textContent).toBe('Webhook to https://bi.example.com/hooks/beatcrate paused: nothing is sent to it until it is resumed.');
    await user.click(webhooksRegion().getByRole('button', { name: 'Resume https://bi.example.com/hooks/beatcrate' }));
    expect(cells(webhooksRegion().getByRole('row', { name: /bi\.example\.com/ }))[1]).toMatch(/^Active/);

    await user.click(webhooksRegion().getByRole('button', { name: 'Delete https://bi.example.com/hooks/beatcrate' }));
    await user.click(within(screen.getByRole('group', { name: 'Delete https://bi.example.com/hooks/beatcrate' })).getByRole('button', { name: 'Yes, delete' }));
    expect(writes(calls).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /admin/analytics/webhooks/7/disable',
      'POST /admin/analytics/webhooks/7/enable',
      'DELETE /admin/analytics/webhooks/7',
    ]);
    expect(webhooksRegion().getByText('No webhooks yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Deliveries to/ })).toBeNull();
    expect(pageStatus().textContent).toBe('Webhook to https://bi.example.com/hooks/beatcrate deleted: nothing more is sent to it.');
  });

  test.each([
    ['a guest', null],
    ['a client', 'client'],
    ['a producer', 'producer'],
    ['a moderator', 'moderator'],
  ] as const)('to %s the page does not exist: the 404 page, and no call is made', async (_who, role) => {
    const { calls } = await openAs(role);
    expect(screen.getByRole('heading', { name: 'Page not found (404)' })).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/admin'))).toEqual([]);
  });
});
