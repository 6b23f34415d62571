import { loggedOut } from '../auth/authSlice';
import type { AnalyticsKeyView } from '../../schemas/analytics';
import type { AnalyticsWebhookDelivery } from '../../schemas/analyticsWebhooks';
import slice, { analyticsConsoleLoaded, analyticsDeliveriesLoaded, analyticsDeliveriesRequested, analyticsKeyMade, analyticsKeyRequested } from './analyticsConsoleSlice';

const KEY: AnalyticsKeyView = { id: 4, name: 'Looker', prefix: 'bca_abcdef', scopes: ['events:read'], createdAt: '2026-11-21T10:00:00.000Z', lastUsedAt: null, revokedAt: null };
const ATTEMPT: AnalyticsWebhookDelivery = {
  id: 1,
  batchId: 'msg_a',
  attempt: 1,
  at: '2026-11-21T10:00:00.000Z',
  durationMs: 5,
  events: 1,
  firstCursor: '1',
  lastCursor: '1',
  statusCode: 200,
  error: null,
  delivered: true,
};
const reduce = (...actions: Parameters<typeof slice.reducer>[1][]) => actions.reduce(slice.reducer, slice.getInitialState());

describe('analytics console slice', () => {
  test('a made key is listed and shown once; loading the page again, or logging out, forgets it', () => {
    const made = reduce(analyticsConsoleLoaded({ keys: [], webhooks: [] }), analyticsKeyRequested({ name: 'Looker', scopes: ['events:read'] }), analyticsKeyMade({ key: KEY, secret: 'bca_secret' }));
    expect(made).toMatchObject({ keys: [KEY], revealed: { kind: 'key', label: 'Looker', secret: 'bca_secret', copied: false }, busy: [], made: 1 });
    expect(slice.reducer(made, analyticsConsoleLoaded({ keys: [KEY], webhooks: [] })).revealed).toBeNull();
    expect(slice.reducer(made, loggedOut()).revealed).toBeNull();
  });

  test('a delivery log that was switched for another meanwhile keeps the other’s attempts', () => {
    const state = reduce(analyticsDeliveriesRequested(1), analyticsDeliveriesRequested(2), analyticsDeliveriesLoaded({ webhookId: 1, attempts: [ATTEMPT] }));
    expect(state.deliveries).toEqual({ webhookId: 2, attempts: null });
  });
});
