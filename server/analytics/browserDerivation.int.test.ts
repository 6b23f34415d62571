import { issuedTicket } from '../../test/actionLog/issuedTicket';
import { manualClock } from '../../test/helpers/accountClient';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { deriveBrowserEvents } from './browserDerivation';

/** A product page load per seq: each entry is one Product Viewed. */
const viewed = (seq: number) => ({ seq, at: '2026-11-21T10:00:00.000Z', type: 'product/productPageLoaded', payload: { id: SHOP.pack.productId } });

describe('the browser\'s events are read from each log where it left off (issue 13)', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ clock });
    await listShop(app.deps);
  });
  afterAll(() => app.close());

  const ship = async (ticket: Awaited<ReturnType<typeof issuedTicket>>, seqs: number[]) => {
    const response = await fetch(`${app.baseUrl}/api/v1/action-log`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...ticket, entries: seqs.map(viewed) }),
    });
    expect(response.status).toBe(201);
  };
  const viewsOf = async (sessionId: string) =>
    (await app.deps.database.query.selectFrom('analytics_events').select('message').where('anonymous_id', '=', sessionId).where('event', '=', 'Product Viewed').orderBy('position').execute()).length;

  test('a batch overtaken by a later one is waited for while its log is active, then read in order; a gap that never fills is passed once the log is quiet', async () => {
    const overtaken = await issuedTicket(app.baseUrl);
    await ship(overtaken, [1, 2, 3]);
    await ship(overtaken, [6, 7, 8]);
    await deriveBrowserEvents(app.deps);
    expect(await viewsOf(overtaken.sessionId)).toBe(3);
    await ship(overtaken, [4, 5]);
    await deriveBrowserEvents(app.deps);
    expect(await viewsOf(overtaken.sessionId)).toBe(8);

    const lost = await issuedTicket(app.baseUrl);
    await ship(lost, [1, 2, 5]);
    await deriveBrowserEvents(app.deps);
    expect(await viewsOf(lost.sessionId)).toBe(2);
    clock.advance(2 * 60_000);
    await deriveBrowserEvents(app.deps);
    expect(await viewsOf(lost.sessionId)).toBe(3);

    // Read again, nothing is added: each entry became its events once.
    await app.deps.database.transaction((tx) => tx.deleteFrom('analytics_marks').execute());
    await deriveBrowserEvents(app.deps);
    expect(await viewsOf(overtaken.sessionId)).toBe(8);
    expect(await viewsOf(lost.sessionId)).toBe(3);
  });

  test('a session imported from another shop\'s export becomes no event here', async () => {
    const now = clock.now().getTime();
    await app.deps.actionLogs.importSession({
      sessionId: 'imported-tab',
      entries: [1, 2].map((seq) => ({ ...viewed(seq), payload: JSON.stringify(viewed(seq).payload) })),
      events: [],
      summary: { pageCount: 0, viewportWidth: null, failedRequests: 0, errorCount: 0 },
      startedAt: now,
      lastSeenAt: now,
      importedAt: now,
    });
    await deriveBrowserEvents(app.deps);
    expect(await viewsOf('imported-tab')).toBe(0);
  });
});
