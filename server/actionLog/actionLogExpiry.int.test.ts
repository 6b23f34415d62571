import { issuedTicket } from '../../test/actionLog/issuedTicket';
import { manualClock } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { readActionLog } from './actionLogStore';

const DAY_MS = 24 * 60 * 60_000;
const entries = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ seq: from + index, at: '2026-11-21T10:00:00.000Z', type: 'shell/panelClosed' }));

describe('action-log expiry', () => {
  const clock = manualClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ clock });
  });
  afterAll(() => app.close());

  const send = async (from: number, to: number, ticket?: Awaited<ReturnType<typeof issuedTicket>>) => {
    const tab = ticket ?? (await issuedTicket(app.baseUrl));
    const response = await fetch(`${app.baseUrl}/api/v1/action-log`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...tab, entries: entries(from, to) }),
    });
    expect(response.status).toBe(201);
    return tab;
  };
  const held = async () => {
    const usage = await app.deps.actionLogs.query.selectFrom('action_log_usage').select('entries').executeTakeFirstOrThrow();
    return Number(usage.entries);
  };

  test('deletes logs not written to for ACTION_LOG_MAX_AGE_DAYS and gives their room back', async () => {
    const stale = await send(1, 3);
    clock.advance(10 * DAY_MS);
    const quiet = await send(1, 2);
    const active = await send(1, 2);
    clock.advance(15 * DAY_MS);
    // Written to again: its age counts from now.
    await send(3, 4, active);
    clock.advance(6 * DAY_MS);

    expect(await app.deps.actionLogs.expire(app.deps.config.actionLog, clock.now())).toEqual({ sessions: 1, entries: 3 });
    expect(await readActionLog(app.deps.actionLogs.query, stale.sessionId)).toEqual([]);
    expect(await readActionLog(app.deps.actionLogs.query, quiet.sessionId)).toHaveLength(2);
    expect(await held()).toBe(6);

    clock.advance(10 * DAY_MS);
    expect(await app.deps.actionLogs.expire(app.deps.config.actionLog, clock.now())).toEqual({ sessions: 1, entries: 2 });
    expect(await readActionLog(app.deps.actionLogs.query, quiet.sessionId)).toEqual([]);
    expect((await readActionLog(app.deps.actionLogs.query, active.sessionId)).map((entry) => entry.seq)).toEqual([1, 2, 3, 4]);
    expect(await held()).toBe(4);
    // A second server running the same job at the same time finds nothing left to do.
    expect(await app.deps.actionLogs.expire(app.deps.config.actionLog, clock.now())).toEqual({ sessions: 0, entries: 0 });
  });

  test('trims the store to a lowered cap, least recently active logs first, and forgets past minutes\' address counts', async () => {
    clock.advance(40 * DAY_MS);
    await app.deps.actionLogs.expire(app.deps.config.actionLog, clock.now());
    const older = await send(1, 3);
    clock.advance(1000);
    const newer = await send(1, 3);
    const caps = { ...app.deps.config.actionLog, maxEntries: 4 };
    expect(await app.deps.actionLogs.expire(caps, clock.now())).toEqual({ sessions: 1, entries: 3 });
    expect(await readActionLog(app.deps.actionLogs.query, older.sessionId)).toEqual([]);
    expect(await readActionLog(app.deps.actionLogs.query, newer.sessionId)).toHaveLength(3);
    expect(await app.deps.actionLogs.query.selectFrom('action_log_address_minutes').selectAll().execute()).not.toEqual([]);

    clock.advance(2 * 60_000);
    await app.deps.actionLogs.expire(caps, clock.now());
    expect(await app.deps.actionLogs.query.selectFrom('action_log_address_minutes').selectAll().execute()).toEqual([]);
  });
});
