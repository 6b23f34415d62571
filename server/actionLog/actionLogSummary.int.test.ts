import { SESSION_STARTED } from '../../shared/actionLog/entry';
import { issuedTicket } from '../../test/actionLog/issuedTicket';
import { manualClock } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { readActionLog } from './actionLogStore';

const at = '2026-11-25T10:00:00.000Z';
const pageLoad = (seq: number, width: number) => ({ seq, at, type: SESSION_STARTED, payload: { state: { i18n: { language: 'en' } }, viewport: { width, height: 800 } } });
const arrived = (seq: number) => ({ seq, at, type: 'navigation/navigationArrived', payload: { pathname: '/beats', search: '', routeName: 'beats', params: {}, error: null } });
const failed = (seq: number) => ({ seq, at, type: 'api/requestFailed', payload: { method: 'POST', path: '/api/v1/ecommerce/cart/coupon', status: 400, message: 'Invalid coupon' } });
const toast = (seq: number) => ({ seq, at, type: 'notifications/errorToastShown', payload: { id: `t${seq}`, message: 'Invalid coupon' } });
const other = (seq: number) => ({ seq, at, type: 'cart/couponInputChanged', payload: 'SAVE10' });

describe('the summary columns of a stored action log', () => {
  const clock = manualClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ clock, env: { ACTION_LOG_MAX_ENTRIES_PER_SESSION: '12' } });
  });
  afterAll(() => app.close());

  const post = (body: unknown) =>
    fetch(`${app.baseUrl}/api/v1/action-log`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const summaryOf = async (sessionId: string) =>
    app.deps.actionLogs.query
      .selectFrom('action_log_sessions')
      .select(['entry_count', 'page_count', 'viewport_width', 'failed_requests', 'error_count'])
      .where('id', '=', sessionId)
      .executeTakeFirst();

  test('count pages, failed requests and errors, and keep the first page load\'s width; a batch delivered again counts once', async () => {
    const ticket = await issuedTicket(app.baseUrl);
    const first = { ...ticket, entries: [pageLoad(1, 1280), other(2), failed(3), toast(4), arrived(5)] };
    expect((await post(first)).status).toBe(201);
    const expected = { entry_count: 5, page_count: 2, viewport_width: 1280, failed_requests: 1, error_count: 2 };
    expect(await summaryOf(ticket.sessionId)).toEqual(expected);

    // The same batch again (a retry after a lost answer), and the beacon repeating its tail.
    expect((await post(first)).status).toBe(201);
    expect((await post({ ...ticket, entries: [toast(4), arrived(5)] })).status).toBe(201);
    expect(await summaryOf(ticket.sessionId)).toEqual(expected);

    // A second page load of the tab, at another width, and what it adds; the width stays the first one's.
    expect((await post({ ...ticket, entries: [arrived(5), pageLoad(6, 390), failed(7), arrived(8)] })).status).toBe(201);
    expect(await summaryOf(ticket.sessionId)).toEqual({ entry_count: 8, page_count: 4, viewport_width: 1280, failed_requests: 2, error_count: 3 });
  });

  test('a page load that arrives after a later one (a beacon overtaking a fetch) still gives the log its width', async () => {
    const ticket = await issuedTicket(app.baseUrl);
    expect((await post({ ...ticket, entries: [pageLoad(4, 390), other(5)] })).status).toBe(201);
    expect(await summaryOf(ticket.sessionId)).toMatchObject({ page_count: 1, viewport_width: 390 });
    expect((await post({ ...ticket, entries: [pageLoad(1, 1920), other(2), other(3)] })).status).toBe(201);
    expect(await summaryOf(ticket.sessionId)).toMatchObject({ entry_count: 5, page_count: 2, viewport_width: 1920 });
  });

  test('a batch refused for the log\'s cap changes no count', async () => {
    const ticket = await issuedTicket(app.baseUrl);
    expect((await post({ ...ticket, entries: [pageLoad(1, 1024), failed(2), toast(3)] })).status).toBe(201);
    const refused = await post({ ...ticket, entries: Array.from({ length: 10 }, (_, index) => failed(4 + index)) });
    expect(refused.status).toBe(413);
    expect(await summaryOf(ticket.sessionId)).toEqual({ entry_count: 3, page_count: 1, viewport_width: 1024, failed_requests: 1, error_count: 2 });
  });

  test('batches arriving together are each stored once, each judged by its own caps, and each answered', async () => {
    const tabs = await Promise.all(Array.from({ length: 12 }, () => issuedTicket(app.baseUrl)));
    const batches = tabs.map((ticket) => ({ ...ticket, entries: [pageLoad(1, 1366), failed(2), toast(3), arrived(4)] }));
    // One tab's batch twice at once (a retry racing the original), one tab's batch past its cap.
    const overCap = { ...tabs[0]!, entries: Array.from({ length: 13 }, (_, index) => other(1 + index)) };
    const sent = [...batches, batches[5]!, overCap];
    const statuses = await Promise.all(sent.map(async (batch) => (await post(batch)).status));
    expect(statuses).toEqual([...batches.map(() => 201), 201, 413]);
    for (const ticket of tabs) {
      expect(await summaryOf(ticket.sessionId)).toEqual({ entry_count: 4, page_count: 2, viewport_width: 1366, failed_requests: 1, error_count: 2 });
      expect((await readActionLog(app.deps.actionLogs.query, ticket.sessionId)).map((stored) => stored.seq)).toEqual([1, 2, 3, 4]);
    }
  });
});
