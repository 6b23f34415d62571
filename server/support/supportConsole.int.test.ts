import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert } from 'superstruct';
import { parseSessionFile } from '../../shared/actionLog/sessionFile';
import type { ActionLogEntry } from '../../shared/actionLog/entry';
import { SupportSearchAnswerSchema, type SupportSessionDetail, SupportSessionDetailSchema, SupportStepViewSchema } from '../../shared/schemas/support';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { asShown } from '../../test/helpers/shownTotal';
import { verifiedProducer } from '../../test/helpers/beatUploads';
import { listShop, SHOP, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { issuedTicket } from '../../test/actionLog/issuedTicket';
import { grantRole } from '../auth/staffRoles';

const FIXTURE = parseSessionFile(fs.readFileSync(path.join(__dirname, '../../test/fixtures/actionLog/buyer-session.jsonl'), 'utf8'));
const VISA = { stripePaymentMethodId: 'pm_card_visa', coupon: null };
const PASSWORD = registration().password;
const PAGES = FIXTURE.entries.filter((entry) => ['actionLog/sessionStarted', 'navigation/navigationArrived'].includes(entry.type)).length;

describe('the support console over the real server', () => {
  const clock = manualClock(new Date('2026-11-24T12:00:00.000Z'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-support-'));
  let app: TestApp;
  let admin: ApiBrowser;
  let moderator: ApiBrowser;
  let buyer: ApiBrowser;
  let buyerId: number;
  let producer: ApiBrowser;
  let guest: ApiBrowser;
  let sessionId: string;
  let erroredSessionId: string;
  let orderId: string;

  const staff = async (email: string, role: 'admin' | 'moderator', address: string) => {
    const browser = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': address });
    expect((await browser.json('POST', '/auth/register', registration({ email }))).status).toBe(201);
    await grantRole(app.deps, email, role);
    expect((await browser.json('POST', '/auth/login', { email, password: PASSWORD })).status).toBe(200);
    return browser;
  };
  /** Ships a tab's log as the browser does: with a ticket a page issued, and the visitor's cookies. */
  const ship = async (browser: ApiBrowser | null, entries: readonly ActionLogEntry[]) => {
    const ticket = await issuedTicket(app.baseUrl);
    const body = { ...ticket, entries };
    const response = browser
      ? await browser.call('POST', '/action-log', body)
      : await fetch(`${app.baseUrl}/api/v1/action-log`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(201);
    return ticket.sessionId;
  };
  const search = async (browser: ApiBrowser, query: Record<string, string>) => {
    const answer = await browser.json('GET', `/support/sessions?${new URLSearchParams(query).toString()}`);
    if (answer.status === 200) assert(answer.body, SupportSearchAnswerSchema);
    return answer as { status: number; body: { sessions: { id: string }[]; message?: string } };
  };
  const found = async (query: Record<string, string>) => (await search(admin, query)).body.sessions.map((session) => session.id).sort();
  const open = async (browser: ApiBrowser, id: string) => {
    const answer = await browser.json<SupportSessionDetail>('GET', `/support/sessions/${id}`);
    expect(answer.status).toBe(200);
    assert(answer.body, SupportSessionDetailSchema);
    return answer.body;
  };
  const entryCount = async () => Number((await app.deps.actionLogs.query.selectFrom('action_log_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    app = await startTestApp({ clock, env: { MEDIA_DIR: mediaDir } });
    await listShop(app.deps);
    // At noon, a guest's tab whose request failed.
    const [pageLoad] = FIXTURE.entries;
    erroredSessionId = await ship(null, [
      { ...pageLoad!, at: '2026-11-24T12:00:00.000Z' },
      { seq: 2, at: '2026-11-24T12:00:03.000Z', type: 'api/requestFailed', payload: { method: 'POST', path: '/ecommerce/cart', status: 409, message: 'This beat has just been sold' } },
    ]);
    // In the evening (sessions are made after the clock moves, so none has expired), the buyer.
    clock.advance(Date.parse('2026-11-24T23:45:00.000Z') - clock.now().getTime());
    admin = await staff('admin@example.com', 'admin', '10.91.0.1');
    moderator = await staff('moderator@example.com', 'moderator', '10.91.0.2');
    buyer = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.91.0.3' });
    const registered = await buyer.json<{ id: number }>('POST', '/auth/register', registration({ email: 'buyer@example.com' }));
    expect(registered.status).toBe(201);
    buyerId = (await app.deps.database.query.selectFrom('user_credentials').select('user_id').where('email', '=', 'buyer@example.com').executeTakeFirstOrThrow()).user_id;
    producer = (await verifiedProducer(app.deps, app.baseUrl, 'Mara Vale')).browser;
    guest = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.91.0.4' });

    // The buyer's tab: the recorded fixture's actions, and the cart add and paid order its requests made.
    sessionId = await ship(buyer, FIXTURE.entries);
    const tracking = { 'X-Tracking-Id': sessionId };
    expect((await buyer.call('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false }, tracking)).status).toBe(200);
    const order = await buyer.call('POST', '/ecommerce/orders/stripe', await asShown(buyer, VISA), tracking);
    expect(order.status).toBe(201);
    orderId = ((await order.json()) as { id: string }).id;
    await app.deps.projector.catchUp();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('every support call and page is there for moderators and admins only; to anyone else it does not exist', async () => {
    const calls: [string, string][] = [
      ['GET', '/support/sessions'],
      ['GET', `/support/sessions/${sessionId}`],
      ['GET', `/support/sessions/${sessionId}/steps/2`],
      ['GET', `/support/sessions/${sessionId}/frame?at=2`],
      ['GET', `/support/sessions/${sessionId}/export`],
      ['POST', '/support/sessions/import'],
    ];
    for (const browser of [guest, buyer, producer]) {
      for (const [method, call] of calls) {
        const response = await browser.call(method, call, method === 'POST' ? { file: '' } : undefined);
        expect([method, call, response.status]).toEqual([method, call, 404]);
      }
    }
    for (const browser of [moderator, admin]) {
      for (const [method, call] of calls.slice(0, 5)) expect([call, (await browser.call(method, call)).status]).toEqual([call, 200]);
    }
    // Importing is an admin's: to a moderator it does not exist either.
    expect((await moderator.call('POST', '/support/sessions/import', { file: '' })).status).toBe(404);
    const page = await fetch(`${app.baseUrl}/admin/support/sessions/${sessionId}`, { headers: { Cookie: moderator.cookieHeader() } });
    expect(page.status).toBe(200);
    for (const browser of [guest, buyer, producer]) {
      expect((await fetch(`${app.baseUrl}/admin/support/sessions`, { headers: { Cookie: browser.cookieHeader() } })).status).toBe(404);
    }
  });

  test('search by email, user, order, tracking id, time, action type and error; each row summarises the tab', async () => {
    expect(await found({ email: 'buyer@example.com' })).toEqual([sessionId]);
    expect(await found({ email: 'nobody@example.com' })).toEqual([]);
    expect(await found({ userId: String(buyerId) })).toEqual([sessionId]);
    expect(await found({ orderId })).toEqual([sessionId]);
    expect(await found({ trackingId: sessionId })).toEqual([sessionId]);
    expect(await found({ sessionId: erroredSessionId })).toEqual([erroredSessionId]);
    expect(await found({ from: '2026-11-24T18:00' })).toEqual([sessionId]);
    expect(await found({ to: '2026-11-24T13:00' })).toEqual([erroredSessionId]);
    expect(await found({ from: '2026-11-24', to: '2026-11-24' })).toEqual([sessionId, erroredSessionId].sort());
    expect(await found({ from: '2026-11-25' })).toEqual([]);
    expect(await found({ type: 'cart/couponApplied' })).toEqual([sessionId]);
    expect(await found({ type: 'api/requestFailed' })).toEqual([erroredSessionId]);
    expect(await found({ hadError: 'true' })).toEqual([erroredSessionId]);
    expect(await found({ hadError: 'false', email: 'buyer@example.com' })).toEqual([sessionId]);
    expect(await found({})).toEqual([sessionId, erroredSessionId].sort());

    const { body } = await search(moderator, { sessionId });
    expect(body.sessions).toEqual([
      expect.objectContaining({ id: sessionId, userId: buyerId, entryCount: FIXTURE.entries.length, pageCount: PAGES, viewportWidth: 390, failedRequests: 0, errorCount: 0, imported: false }),
    ]);
    const errored = (await search(admin, { sessionId: erroredSessionId })).body.sessions[0];
    expect(errored).toEqual(expect.objectContaining({ userId: null, failedRequests: 1, errorCount: 1, pageCount: 1 }));

    for (const [query, message] of [
      [{ email: 'not-an-email' }, 'Invalid email: enter a whole address, e.g. buyer@example.com'],
      [{ from: '2026-13-45' }, 'Invalid from: use a date (2026-11-24) or a date and time (2026-11-24T18:30), UTC'],
      [{ from: '2026-11-25', to: '2026-11-24' }, '"from" is after "to"'],
      [{ hadError: 'maybe' }, 'hadError is true or false'],
      [{ sessionId: 'a', trackingId: 'b' }, 'A tracking id is its session id: give one of them, or the same value twice'],
    ] as const) {
      expect(await search(admin, query)).toEqual({ status: 400, body: { statusCode: 400, message } });
    }
    expect((await search(admin, { colour: 'red' })).status).toBe(400);
  });

  test('the session: every step with its state change, the server events of the buyer and the tab beside them, and no personal data', async () => {
    const detail = await open(admin, sessionId);
    expect(detail.steps.map((step) => step.seq)).toEqual(FIXTURE.entries.map((entry) => entry.seq));
    expect(detail.divergedAt).toBeNull();
    expect(detail.viewport.width).toBe(390);
    const couponTyped = detail.steps.find((step) => step.type === 'cart/couponInputChanged')!;
    expect(couponTyped.changes).toEqual([{ path: 'cart.couponInput', before: '""', after: '"SUMMER90"' }]);
    expect(detail.steps[0]).toMatchObject({ kind: 'pageLoad', label: 'Loaded Beatcrate: buy beats online (/)' });
    const types = detail.events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['CartItemAdded', 'OrderPlaced', 'PaymentAttempted', 'PaymentSucceeded']));
    // Products by their names, as the shop lists them.
    expect(detail.events.find((event) => event.type === 'CartItemAdded')!.summary).toBe(`Added ${SHOP.pack.name}`);
    const placed = detail.events.find((event) => event.type === 'OrderPlaced')!;
    expect(placed.summary).toMatch(/^Order [0-9a-f]{8} placed: 1 item, \$265\.49 by card$/);
    expect(placed.data).toMatchObject({ orderId, status: 'pending', total: 265.49 });
    // The buyer is named beside the timeline, never inside it: the log's personal fields stay redacted.
    const text = JSON.stringify({ steps: detail.steps, events: detail.events });
    expect(text).not.toContain('buyer@example.com');
    expect(text).not.toContain(PASSWORD);

    const errored = await open(moderator, erroredSessionId);
    expect(errored.steps[1]).toMatchObject({ label: 'Request failed: POST /ecommerce/cart → 409', error: 'This beat has just been sold' });
  });

  test('a file the buyer downloads through the server shows in the timeline at its time, by name; the buyer is named to an admin, numbered to a moderator', async () => {
    const before = await open(admin, sessionId);
    expect(before.downloads).toEqual([]);
    const download = await buyer.call('GET', `/ecommerce/orders/${orderId}/downloads/${SHOP.pack.productId}/samplePack`, undefined, { 'X-Tracking-Id': sessionId });
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    const detail = await open(admin, sessionId);
    expect(detail.downloads).toEqual([{ id: expect.any(Number), at: clock.now().toISOString(), label: `Downloaded ${SHOP.pack.name} (TAR.GZ)`, orderId }]);
    expect(detail.buyer).toEqual({ id: buyerId, name: `${registration().firstName} ${registration().lastName}`, email: 'buyer@example.com' });
    // A moderator may not open the buyers page: the session names the account by its number alone.
    const seen = await open(moderator, sessionId);
    expect(seen.buyer).toBeNull();
    expect(seen.downloads.map((file) => file.label)).toEqual([`Downloaded ${SHOP.pack.name} (TAR.GZ)`]);
    expect(JSON.stringify(seen)).not.toContain('buyer@example.com');
    // The list of sessions names them the same way.
    const listed = { userId: String(buyerId) };
    expect((await search(admin, listed)).body).toMatchObject({ buyers: [{ id: buyerId, name: `${registration().firstName} ${registration().lastName}`, email: 'buyer@example.com' }] });
    expect((await search(moderator, listed)).body).toMatchObject({ buyers: [] });
  });

  test('a step: the browser’s cart beside the server’s, what the browser has not heard yet said; the page drawn from the replayed state without a script', async () => {
    const added = FIXTURE.entries.find((entry) => entry.type === 'cart/cartLoaded')!;
    const step = await admin.json('GET', `/support/sessions/${sessionId}/steps/${added.seq}`);
    expect(step.status).toBe(200);
    assert(step.body, SupportStepViewSchema);
    expect(step.body.browser.cart.productIds).toEqual([320]);
    // The recorded tab never heard its add answered (the recording has no cartAddSucceeded): in flight, not a disagreement.
    expect(step.body.mismatches).toEqual([]);
    expect(step.body.inFlight).toEqual(["A cart request is in flight (product 320): the browser has not heard the server's answer yet"]);

    const product = FIXTURE.entries.find((entry) => entry.type === 'product/productPageLoaded')!;
    const name = (product.payload as { name: string }).name;
    const frame = await admin.call('GET', `/support/sessions/${sessionId}/frame?at=${product.seq + 1}`);
    expect(frame.status).toBe(200);
    // Images from this site only: an address planted in the buyer's state must not learn who looked, and when.
    expect(frame.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'self'; img-src 'self' data:; font-src 'self'; frame-ancestors 'self'");
    const html = await frame.text();
    expect(html).toContain(name);
    expect(html).not.toContain('<script');

    expect((await admin.json('GET', `/support/sessions/${sessionId}/steps/9999`)).status).toBe(404);
    expect((await admin.json('GET', `/support/sessions/${sessionId}/steps/x1`)).status).toBe(400);
    expect((await admin.json('GET', '/support/sessions/no-such-session')).status).toBe(404);
    expect((await admin.call('GET', `/support/sessions/${sessionId}/frame`)).status).toBe(400);
  });

  test('a changed reducer shows where replay and recording part, marked on the step', async () => {
    const lastCheckpoint = FIXTURE.entries.filter((entry) => entry.type === 'actionLog/checkpoint').at(-1)!.seq;
    const untouched = await open(admin, sessionId);
    expect(untouched.steps.find((step) => step.seq === lastCheckpoint)).toMatchObject({ kind: 'checkpoint', error: null });
    // What a reducer change does to a recorded session: a checkpoint's hash is no longer what replay gives.
    const copy = await ship(null, FIXTURE.entries.map((entry) => (entry.seq === lastCheckpoint ? { ...entry, payload: { hash: 'aaaaaaaaaaaaaa' } } : entry)));
    const diverged = await open(admin, copy);
    expect(diverged.divergedAt).toBe(lastCheckpoint);
    expect(diverged.steps.find((step) => step.seq === lastCheckpoint)?.error).toMatch(/^Replay diverges from the recording here: recorded aaaaaaaaaaaaaa, replayed [a-p]{14}$/);
  });

  test('export and import: another server replays the file the same way; every view and export is recorded', async () => {
    const exported = await admin.call('GET', `/support/sessions/${sessionId}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain(`beatcrate-session-${sessionId}.jsonl`);
    const file = await exported.text();
    expect(file).not.toContain('buyer@example.com');
    const parsed = parseSessionFile(file);
    expect(parsed.entries).toHaveLength(FIXTURE.entries.length);
    const original = await open(admin, sessionId);
    expect(parsed.events.map((event) => event.type)).toEqual(original.events.map((event) => event.type));

    // A developer's machine, months later.
    const laterClock = manualClock(new Date('2027-03-01T09:00:00.000Z'));
    const elsewhere = await startTestApp({ clock: laterClock, env: { MEDIA_DIR: mediaDir } });
    try {
      const developer = new ApiBrowser(elsewhere.baseUrl, { 'X-Forwarded-For': '10.92.0.1' });
      expect((await developer.json('POST', '/auth/register', registration({ email: 'dev@example.com' }))).status).toBe(201);
      await grantRole(elsewhere.deps, 'dev@example.com', 'admin');
      expect((await developer.json('POST', '/auth/login', { email: 'dev@example.com', password: PASSWORD })).status).toBe(200);

      const before = Number((await elsewhere.deps.actionLogs.query.selectFrom('action_log_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const refused = await developer.json('POST', '/support/sessions/import', { file: `${file.split('\n')[0]}\nnot json\n` });
      expect(refused).toEqual({ status: 400, body: { statusCode: 400, message: 'This is not a session file: Line 2 is not JSON' } });
      expect((await developer.json('POST', '/support/sessions/import', { text: file })).status).toBe(400);
      expect(Number((await elsewhere.deps.actionLogs.query.selectFrom('action_log_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);

      const imported = await developer.json('POST', '/support/sessions/import', { file });
      expect(imported).toEqual({ status: 201, body: { sessionId, entries: FIXTURE.entries.length, events: original.events.length } });
      expect((await developer.json('POST', '/support/sessions/import', { file })).status).toBe(409);

      const replayed = await developer.json<SupportSessionDetail>('GET', `/support/sessions/${sessionId}`);
      assert(replayed.body, SupportSessionDetailSchema);
      expect(replayed.body.session).toMatchObject({ imported: true, userId: null, pageCount: PAGES });
      expect(replayed.body.steps).toEqual(original.steps);
      expect(replayed.body.events).toEqual(original.events);
      const added = FIXTURE.entries.find((entry) => entry.type === 'cart/cartLoaded')!;
      const [here, there] = await Promise.all([admin.json('GET', `/support/sessions/${sessionId}/steps/${added.seq}`), developer.json('GET', `/support/sessions/${sessionId}/steps/${added.seq}`)]);
      expect(there.body).toEqual(here.body);

      // Its entries are months old, but it was written here at the import: it expires from then.
      const caps = { maxAgeDays: 30, maxEntries: 1_000_000 };
      expect(await elsewhere.deps.actionLogs.expire(caps, new Date('2027-03-02T09:00:00.000Z'))).toEqual({ sessions: 0, entries: 0 });
      expect(await elsewhere.deps.actionLogs.expire(caps, new Date('2027-04-01T09:00:01.000Z'))).toEqual({ sessions: 1, entries: FIXTURE.entries.length });
      expect(await elsewhere.deps.actionLogs.query.selectFrom('support_imported_events').selectAll().execute()).toEqual([]);
    } finally {
      await elsewhere.close();
    }

    const audits = (await open(moderator, sessionId)).audits;
    const adminId = (await app.deps.database.query.selectFrom('user_credentials').select('user_id').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow()).user_id;
    expect(audits).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'exported', by: adminId }), expect.objectContaining({ action: 'viewed', by: adminId })]));
    expect(audits.at(-1)).toMatchObject({ action: 'viewed' });
  });

  test('nothing a search or a view does writes to the log; a bad import changes nothing', async () => {
    const before = await entryCount();
    await found({ email: 'buyer@example.com' });
    await open(admin, sessionId);
    expect((await admin.json('POST', '/support/sessions/import', { file: '{"kind":"action"}' })).status).toBe(400);
    expect(await entryCount()).toBe(before);
  });
});
