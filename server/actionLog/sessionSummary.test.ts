import { SESSION_STARTED, type ActionLogEntry } from '../../shared/actionLog/entry';
import { requestFailed } from '../../shared/api/apiClient';
import { navigationArrived } from '../../shared/features/navigation/navigationSlice';
import { errorToastShown } from '../../shared/features/notifications/notificationsSlice';
import { summarizeEntries, SUMMARY_TYPES } from './sessionSummary';

let seq = 0;
const entry = (type: string, payload?: unknown, at = seq + 1): ActionLogEntry => ({ seq: (seq = at), at: '2026-11-25T10:00:00.000Z', type, ...(payload === undefined ? {} : { payload }) });
const pageLoad = (width: unknown, at?: number) => entry(SESSION_STARTED, { state: {}, viewport: { width, height: 800 } }, at);

describe('summarizeEntries', () => {
  beforeEach(() => {
    seq = 0;
  });

  test('counts each kind by the type its action really has', () => {
    expect(SUMMARY_TYPES).toEqual({
      pageLoad: SESSION_STARTED,
      navigation: navigationArrived.type,
      failedRequest: requestFailed.type,
      errorToast: errorToastShown.type,
    });
  });

  test('pages are page loads and arrived navigations; errors are failed requests and error toasts', () => {
    const entries = [
      pageLoad(1280),
      entry('navigation/navigationRequested', { pathname: '/beats' }),
      entry(navigationArrived.type, { pathname: '/beats' }),
      entry(requestFailed.type, { method: 'POST', path: '/api/v1/ecommerce/cart/coupon', status: 400, message: 'Invalid coupon' }),
      entry(errorToastShown.type, { id: 't1', message: 'Invalid coupon' }),
      entry(requestFailed.type, { method: 'GET', path: '/api/v1/ecommerce/cart', status: 0, message: 'Failed to fetch' }),
      pageLoad(390),
      entry('cart/cartLoaded', { items: [] }),
    ];
    expect(summarizeEntries(entries)).toEqual({ pageCount: 3, viewportWidth: 1280, failedRequests: 2, errorCount: 3 });
  });

  test('the width is the first page load\'s by sequence number, whatever order the entries come in', () => {
    expect(summarizeEntries([pageLoad(390, 40), pageLoad(1440, 3), pageLoad(800, 12)]).viewportWidth).toBe(1440);
  });

  test('a first page load without a plausible width leaves the width unknown, even when a later one has one', () => {
    const noViewport = entry(SESSION_STARTED, { state: {} }, 1);
    expect(summarizeEntries([noViewport, pageLoad(1280, 2)]).viewportWidth).toBeNull();
    for (const width of ['1280', -1, 1280.5, 2_000_000, null, undefined]) {
      expect(summarizeEntries([pageLoad(width, 1)]).viewportWidth).toBeNull();
    }
    expect(summarizeEntries([entry(SESSION_STARTED, undefined, 1)]).viewportWidth).toBeNull();
    expect(summarizeEntries([pageLoad(0, 1)]).viewportWidth).toBe(0);
  });

  test('nothing to count is all zeros and no width', () => {
    expect(summarizeEntries([])).toEqual({ pageCount: 0, viewportWidth: null, failedRequests: 0, errorCount: 0 });
    expect(summarizeEntries([entry('cart/cartLoaded')])).toEqual({ pageCount: 0, viewportWidth: null, failedRequests: 0, errorCount: 0 });
  });
});
