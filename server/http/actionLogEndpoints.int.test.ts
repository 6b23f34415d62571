import { CHECKPOINT } from '../../shared/actionLog/checkpoint';
import { type ActionLogTicket, SESSION_STARTED } from '../../shared/actionLog/entry';
import { REDACTED } from '../../shared/actionLog/redact';
import type { User } from '../../shared/schemas/auth';
import { issuedTicket } from '../../test/actionLog/issuedTicket';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { readActionLog, readUserActionLogs } from '../actionLog/actionLogStore';

const entry = (seq: number, extra: Record<string, unknown> = {}) => ({
  seq,
  at: '2026-11-21T10:00:00.000Z',
  type: 'navigation/navigationRequested',
  payload: { pathname: '/beats', search: '', mode: 'push' },
  ...extra,
});
const entries = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => entry(from + index));

/** The real app with its own database, and the calls a tab makes to it. */
function actionLogApp(env: NodeJS.ProcessEnv = {}) {
  const clock = manualClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ clock, env });
  });
  afterAll(() => app.close());
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}/api/v1/action-log`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const seqsOf = async (sessionId: string) => (await readActionLog(app.deps.actionLogs.query, sessionId)).map((stored) => stored.seq);
  return { clock, app: () => app, ticket: () => issuedTicket(app.baseUrl), post, seqsOf };
}

describe('POST /action-log', () => {
  const tab = actionLogApp({ ACTION_LOG_MAX_ENTRIES_PER_SESSION: '6' });

  test('every rendered page carries a fresh log id and its proof', async () => {
    const first = await tab.ticket();
    const second = await tab.ticket();
    expect(first.sessionId).not.toBe(second.sessionId);
    expect(first.token).not.toBe(first.sessionId);
  });

  test('stores a batch once, however often it is delivered, and as text/plain from sendBeacon', async () => {
    const ticket = await tab.ticket();
    const batch = { ...ticket, entries: [entry(1), entry(2)] };
    expect((await tab.post(batch)).status).toBe(201);
    expect((await tab.post(batch)).status).toBe(201);
    const beacon = { ...ticket, entries: [entry(2), entry(3)] };
    const response = await tab.post(JSON.stringify(beacon), { 'Content-Type': 'text/plain' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ stored: 1, lastSeq: 3 });
    expect(await tab.seqsOf(ticket.sessionId)).toEqual([1, 2, 3]);
  });

  test('knowing a tab\'s id is not enough to write into its log: without its proof nothing is stored', async () => {
    const victim = await tab.ticket();
    expect((await tab.post({ ...victim, entries: [entry(1)] })).status).toBe(201);
    const attacker = await tab.ticket();
    const forged: ActionLogTicket[] = [
      { sessionId: victim.sessionId, token: attacker.token },
      { sessionId: victim.sessionId, token: victim.sessionId },
      { sessionId: victim.sessionId, token: `${victim.token.slice(0, -1)}${victim.token.endsWith('A') ? 'B' : 'A'}` },
    ];
    for (const ticket of forged) {
      const response = await tab.post({ ...ticket, entries: [entry(2, { type: 'cart/planted' })] });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe('This action log was not issued to this page');
    }
    const idAlone = await tab.post({ sessionId: victim.sessionId, entries: [entry(2)] });
    expect(idAlone.status).toBe(400);
    expect(await tab.seqsOf(victim.sessionId)).toEqual([1]);
    // A made-up id gets no log either.
    expect((await tab.post({ sessionId: 'made-up-session-1', token: victim.token, entries: [entry(1)] })).status).toBe(403);
    expect(await tab.seqsOf('made-up-session-1')).toEqual([]);
  });

  test('redacts secrets again on the server', async () => {
    const ticket = await tab.ticket();
    const batch = { ...ticket, entries: [entry(1, { type: 'auth/loginSubmitted', payload: { email: 'a@b.co', password: 'hunter22' } })] };
    expect((await tab.post(batch)).status).toBe(201);
    expect((await readActionLog(tab.app().deps.actionLogs.query, ticket.sessionId))[0]!.payload).toEqual({ email: REDACTED, password: REDACTED });
  });

  test('keeps entries out of the event store, so logging wakes no projection', async () => {
    const before = await tab.app().deps.eventStore.headPosition();
    const ticket = await tab.ticket();
    expect((await tab.post({ ...ticket, entries: entries(1, 3) })).status).toBe(201);
    expect(await tab.app().deps.eventStore.headPosition()).toBe(before);
  });

  test.each([
    ['no session id', (t: ActionLogTicket) => ({ token: t.token, entries: [entry(1)] }), /sessionId/],
    ['a malformed session id', (t: ActionLogTicket) => ({ sessionId: 'x y', token: t.token, entries: [entry(1)] }), /sessionId/],
    ['no proof', (t: ActionLogTicket) => ({ sessionId: t.sessionId, entries: [entry(1)] }), /token/],
    ['no entries', (t: ActionLogTicket) => ({ ...t, entries: [] }), /entries/],
    ['too many entries', (t: ActionLogTicket) => ({ ...t, entries: entries(1, 501) }), /entries/],
    ['a sequence number of 0', (t: ActionLogTicket) => ({ ...t, entries: [entry(0)] }), /seq/],
    ['a bad timestamp', (t: ActionLogTicket) => ({ ...t, entries: [entry(1, { at: 'yesterday' })] }), /at/],
    ['no type', (t: ActionLogTicket) => ({ ...t, entries: [{ seq: 1, at: '2026-11-21T10:00:00.000Z' }] }), /type/],
    ['not JSON', () => '{"sessionId":', /JSON/],
  ])('refuses %s with 400 and stores nothing', async (_, body, message) => {
    const ticket = await tab.ticket();
    const response = await tab.post(body(ticket));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
    expect(await tab.seqsOf(ticket.sessionId)).toEqual([]);
  });

  test('refuses an oversized batch with 413', async () => {
    const ticket = await tab.ticket();
    const response = await tab.post({ ...ticket, entries: [entry(1, { payload: { blob: 'x'.repeat(300 * 1024) } })] });
    expect(response.status).toBe(413);
    expect(await tab.seqsOf(ticket.sessionId)).toEqual([]);
  });

  test('refuses an entry whose payload is over its limit with 413, naming it, even in a batch under the batch limit', async () => {
    const ticket = await tab.ticket();
    const response = await tab.post({ ...ticket, entries: [entry(1), entry(2, { payload: { blob: 'x'.repeat(70 * 1024) } })] });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe("Entry 2 carries 71 KB; an entry's payload holds at most 64 KB");
    expect(await tab.seqsOf(ticket.sessionId)).toEqual([]);
  });

  test('refuses writes sent on behalf of another site', async () => {
    const ticket = await tab.ticket();
    const batch = { ...ticket, entries: [entry(1)] };
    expect((await tab.post(batch, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await tab.post(batch, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(await tab.seqsOf(ticket.sessionId)).toEqual([]);
  });

  test('one log holds at most ACTION_LOG_MAX_ENTRIES_PER_SESSION entries; a batch past it changes nothing', async () => {
    const ticket = await tab.ticket();
    expect((await tab.post({ ...ticket, entries: entries(1, 4) })).status).toBe(201);
    const over = await tab.post({ ...ticket, entries: entries(5, 7) });
    expect(over.status).toBe(413);
    expect(((await over.json()) as { message: string }).message).toBe('This action log holds its limit of 6 entries and takes no more');
    expect(await tab.seqsOf(ticket.sessionId)).toEqual([1, 2, 3, 4]);
    expect((await tab.post({ ...ticket, entries: entries(5, 6) })).status).toBe(201);
    // Delivering what it already holds again is still fine.
    expect(await (await tab.post({ ...ticket, entries: entries(1, 6) })).json()).toEqual({ stored: 0, lastSeq: 6 });
    expect(await tab.seqsOf(ticket.sessionId)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('a log is linked to the account logged in while it is sent', async () => {
    const ticket = await tab.ticket();
    expect((await tab.post({ ...ticket, entries: [entry(1)] })).status).toBe(201);
    const member = new ApiBrowser(tab.app().baseUrl);
    const registered = await member.json<User>('POST', '/auth/register', registration({ email: 'linked@example.com' }));
    expect(registered.status).toBe(201);
    const response = await member.call('POST', '/action-log', { ...ticket, entries: [entry(2, { type: 'auth/registrationSucceeded' })] });
    expect(response.status).toBe(201);
    const logs = await readUserActionLogs(tab.app().deps.actionLogs.query, registered.body.id);
    expect(logs.map((log) => [log.id, log.entryCount])).toEqual([[ticket.sessionId, 2]]);
    // Logging out does not unlink what was sent while logged in.
    expect((await tab.post({ ...ticket, entries: [entry(3)] })).status).toBe(201);
    expect((await readUserActionLogs(tab.app().deps.actionLogs.query, registered.body.id)).map((log) => log.id)).toEqual([ticket.sessionId]);
  });
});

describe('POST /action-log limits per address', () => {
  const tab = actionLogApp({ ACTION_LOG_ENTRIES_PER_MINUTE: '500', ACTION_LOG_BATCHES_PER_MINUTE: '40' });

  test('entries from one address are limited per minute across all its logs; the next minute takes more', async () => {
    const [first, second] = [await tab.ticket(), await tab.ticket()];
    expect((await tab.post({ ...first, entries: entries(1, 300) })).status).toBe(201);
    const refused = await tab.post({ ...second, entries: entries(1, 300) });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe('Too many action-log entries from this address; try again in a minute');
    expect(await tab.seqsOf(second.sessionId)).toEqual([]);
    // What is already stored costs nothing to deliver again.
    expect((await tab.post({ ...first, entries: entries(1, 300) })).status).toBe(201);
    expect((await tab.post({ ...second, entries: entries(1, 200) })).status).toBe(201);

    tab.clock.advance(60_000);
    expect((await tab.post({ ...second, entries: entries(201, 500) })).status).toBe(201);
    expect(await tab.seqsOf(second.sessionId)).toHaveLength(500);
  });

  test('answers a flood of batches from one address with 429', async () => {
    const ticket = await tab.ticket();
    const statuses: number[] = [];
    for (let seq = 1; seq <= 45; seq++) statuses.push((await tab.post({ ...ticket, entries: [entry(seq)] })).status);
    expect(statuses).toContain(429);
    const refused = await tab.post({ ...ticket, entries: [entry(99)] });
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many/);
    expect(await tab.seqsOf(ticket.sessionId)).toHaveLength(statuses.filter((status) => status === 201).length);
  });
});

describe('POST /action-log when the store is full', () => {
  const tab = actionLogApp({ ACTION_LOG_MAX_ENTRIES: '10', ACTION_LOG_MAX_ENTRIES_PER_SESSION: '10' });

  test('the least recently active logs give way to new entries, and the store never holds more than its cap', async () => {
    const [oldest, older, newest] = [await tab.ticket(), await tab.ticket(), await tab.ticket()];
    expect((await tab.post({ ...oldest, entries: entries(1, 4) })).status).toBe(201);
    tab.clock.advance(1000);
    expect((await tab.post({ ...older, entries: entries(1, 4) })).status).toBe(201);
    tab.clock.advance(1000);
    expect((await tab.post({ ...newest, entries: entries(1, 4) })).status).toBe(201);
    expect(await tab.seqsOf(oldest.sessionId)).toEqual([]);
    expect(await tab.seqsOf(older.sessionId)).toEqual([1, 2, 3, 4]);
    expect(await tab.seqsOf(newest.sessionId)).toEqual([1, 2, 3, 4]);

    // The log being written never evicts itself: it keeps growing while older ones give way.
    tab.clock.advance(1000);
    expect((await tab.post({ ...newest, entries: entries(5, 10) })).status).toBe(201);
    expect(await tab.seqsOf(older.sessionId)).toEqual([]);
    expect(await tab.seqsOf(newest.sessionId)).toHaveLength(10);
    const usage = await tab.app().deps.actionLogs.query.selectFrom('action_log_entries').select((eb) => eb.fn.countAll<number>().as('rows')).executeTakeFirstOrThrow();
    expect(Number(usage.rows)).toBe(10);
  });
});

describe('POST /action-log and checkpoints', () => {
  const tab = actionLogApp();
  const pageLoad = (seq: number) => entry(seq, { type: SESSION_STARTED, payload: { state: {} } });
  const checkpoint = (seq: number) => entry(seq, { type: CHECKPOINT, payload: { hash: 'aaaaaaaaaaaaaa' } });
  const refusal = (checkpoints: number, actions: number, pageLoads: number) =>
    `This log would hold ${checkpoints} checkpoints for ${actions} actions in ${pageLoads} page loads; the storefront writes one every 50 actions and one more per page load`;

  test('a log takes no more checkpoints than the recorder writes (one per 50 actions and one per page load); a denser batch changes nothing', async () => {
    const ticket = await tab.ticket();
    expect((await tab.post({ ...ticket, entries: [pageLoad(1), ...entries(2, 4), checkpoint(5)] })).status).toBe(201);
    const second = await tab.post({ ...ticket, entries: [checkpoint(6)] });
    expect({ status: second.status, body: await second.json() }).toEqual({ status: 400, body: { statusCode: 400, message: refusal(2, 3, 1) } });
    expect(await tab.seqsOf(ticket.sessionId)).toEqual([1, 2, 3, 4, 5]);

    // Fifty more actions earn the next one; a third needs fifty more again, or a new page load.
    expect((await tab.post({ ...ticket, entries: [...entries(6, 55), checkpoint(56)] })).status).toBe(201);
    const third = await tab.post({ ...ticket, entries: [entry(57), checkpoint(58)] });
    expect((await third.json()) as unknown).toEqual({ statusCode: 400, message: refusal(3, 54, 1) });
    expect((await tab.post({ ...ticket, entries: [pageLoad(57), entry(58), checkpoint(59)] })).status).toBe(201);
    expect((await tab.seqsOf(ticket.sessionId)).at(-1)).toBe(59);
  });
});
