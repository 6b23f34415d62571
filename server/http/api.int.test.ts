import { REDACTED } from '../../shared/actionLog/redact';
import { seedDemoCatalogue } from '../seed/seedDemoCatalogue';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { actionLogStreamId } from './actionLogEndpoints';

const entry = (seq: number, extra: Record<string, unknown> = {}) => ({
  seq,
  at: '2026-11-21T10:00:00.000Z',
  type: 'navigation/navigationRequested',
  payload: { pathname: '/beats', search: '', mode: 'push' },
  ...extra,
});

describe('API /api/v1', () => {
  let app: TestApp;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const storedEntries = async (sessionId: string) =>
    (await app.deps.eventStore.readStream(actionLogStreamId(sessionId))).map((event) => event.data as { seq: number; payload?: unknown });

  beforeAll(async () => {
    app = await startTestApp({ env: { ACTION_LOG_BATCHES_PER_MINUTE: '40' } });
    await seedDemoCatalogue(app.deps);
  });
  afterAll(() => app.close());

  test('GET /health answers with the database in use', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: app.deps.database.kind });
  });

  test('GET /tracks pages through the catalogue, newest first', async () => {
    const first = (await (await fetch(`${app.baseUrl}/api/v1/tracks?take=5`)).json()) as { tracks: { id: number }[]; total: number };
    const second = (await (await fetch(`${app.baseUrl}/api/v1/tracks?take=5&skip=5`)).json()) as { tracks: { id: number }[] };
    // 320 beats and 10 sample packs; the EDM contacts and the PRO membership are not shop listings.
    expect(first.total).toBe(330);
    expect(first.tracks.map((t) => t.id)).toEqual([330, 329, 328, 327, 326]);
    expect(second.tracks.map((t) => t.id)).toEqual([325, 324, 323, 322, 321]);
  });

  test.each([
    ['take=abc', /take/],
    ['take=-1', /take/],
    ['take=100000', /take/],
    ['skip=-3', /skip/],
    ['skip=1.5', /skip/],
  ])('GET /tracks?%s is refused with 400 and a message', async (query, message) => {
    const response = await fetch(`${app.baseUrl}/api/v1/tracks?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { statusCode: number; message: string };
    expect(body.statusCode).toBe(400);
    expect(body.message).toMatch(message);
  });

  test('GET /tracks/{id}: found, missing, malformed', async () => {
    const found = await fetch(`${app.baseUrl}/api/v1/tracks/3`);
    expect(found.status).toBe(200);
    expect(((await found.json()) as { id: number }).id).toBe(3);
    expect((await fetch(`${app.baseUrl}/api/v1/tracks/999`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/api/v1/tracks/abc`)).status).toBe(400);
  });

  test('an unknown call is a JSON 404', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: 'No API call GET /no-such-thing' });
  });

  describe('POST /action-log', () => {
    test('stores a batch once, however often it is delivered, and as text/plain from sendBeacon', async () => {
      const batch = { sessionId: 'session-retry-1', entries: [entry(1), entry(2)] };
      expect((await post('/action-log', batch)).status).toBe(201);
      expect((await post('/action-log', batch)).status).toBe(201);
      const beacon = { sessionId: 'session-retry-1', entries: [entry(2), entry(3)] };
      const response = await post('/action-log', JSON.stringify(beacon), { 'Content-Type': 'text/plain' });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ stored: 1, lastSeq: 3 });
      expect((await storedEntries('session-retry-1')).map((e) => e.seq)).toEqual([1, 2, 3]);
    });

    test('redacts secrets again on the server', async () => {
      const batch = {
        sessionId: 'session-secret-1',
        entries: [entry(1, { type: 'auth/loginSubmitted', payload: { email: 'a@b.co', password: 'hunter22' } })],
      };
      expect((await post('/action-log', batch)).status).toBe(201);
      expect((await storedEntries('session-secret-1'))[0]!.payload).toEqual({ email: REDACTED, password: REDACTED });
    });

    test.each([
      ['no session id', { entries: [entry(1)] }, /sessionId/],
      ['a malformed session id', { sessionId: 'x y', entries: [entry(1)] }, /sessionId/],
      ['no entries', { sessionId: 'session-bad-1', entries: [] }, /entries/],
      ['too many entries', { sessionId: 'session-bad-1', entries: Array.from({ length: 501 }, (_, i) => entry(i + 1)) }, /entries/],
      ['a sequence number of 0', { sessionId: 'session-bad-1', entries: [entry(0)] }, /seq/],
      ['a bad timestamp', { sessionId: 'session-bad-1', entries: [entry(1, { at: 'yesterday' })] }, /at/],
      ['no type', { sessionId: 'session-bad-1', entries: [{ seq: 1, at: '2026-11-21T10:00:00.000Z' }] }, /type/],
      ['not JSON', '{"sessionId":', /JSON/],
    ])('refuses %s with 400 and stores nothing', async (_, body, message) => {
      const response = await post('/action-log', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
      expect(await storedEntries('session-bad-1')).toEqual([]);
    });

    test('refuses an oversized batch with 413', async () => {
      const huge = { sessionId: 'session-big-1', entries: [entry(1, { payload: { blob: 'x'.repeat(300 * 1024) } })] };
      const response = await post('/action-log', huge);
      expect(response.status).toBe(413);
      expect(await storedEntries('session-big-1')).toEqual([]);
    });

    test('refuses writes sent on behalf of another site', async () => {
      const batch = { sessionId: 'session-csrf-1', entries: [entry(1)] };
      expect((await post('/action-log', batch, { Origin: 'https://evil.example' })).status).toBe(403);
      expect((await post('/action-log', batch, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
      expect(await storedEntries('session-csrf-1')).toEqual([]);
    });

    test('answers a flood from one address with 429', async () => {
      const statuses: number[] = [];
      for (let seq = 1; seq <= 45; seq++) {
        statuses.push((await post('/action-log', { sessionId: 'session-flood-1', entries: [entry(seq)] })).status);
      }
      expect(statuses).toContain(429);
      const refused = await post('/action-log', { sessionId: 'session-flood-1', entries: [entry(99)] });
      expect(((await refused.json()) as { message: string }).message).toMatch(/Too many/);
      const stored = await storedEntries('session-flood-1');
      expect(stored.length).toBe(statuses.filter((status) => status === 201).length);
    });
  });
});
