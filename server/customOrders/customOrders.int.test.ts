import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert } from 'superstruct';
import { type CustomOrderDetail, CustomOrderDetailSchema, CustomOrderListSchema, type CustomOrderSummary } from '../../shared/schemas/customOrders';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { wavBytes as wav } from '../../test/helpers/wavBytes';
import { runUsersCommand } from '../../test/helpers/tools';
import { readOrder } from '../commerce/orders';
import type { SandboxPayments } from '../payments/sandboxProvider';
import { runCustomOrderWork } from './customOrderProcess';
import { DashboardHomeSchema } from '../../shared/schemas/sites';
import { asShownService, shownServicePrice } from '../../test/helpers/shownTotal';
import { formatCents } from '../../shared/domain/money';

const DAY_MS = 24 * 60 * 60 * 1000;
const MASTERING = 2;
const BRIEF = 'Master my single "Night Swim": loud but not squashed, for streaming.';
const VISA = 'pm_card_visa';

describe('custom orders over the real server (sandbox card)', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-custom-orders-'));
  let app: TestApp;
  let sandbox: SandboxPayments;
  const users = new Map<string, ApiBrowser>();
  const as = (name: string) => users.get(name)!;

  const register = async (name: string, extra: Record<string, unknown> = {}, grant?: 'moderator' | 'admin') => {
    const browser = new ApiBrowser(app.baseUrl);
    expect((await browser.json('POST', '/auth/register', registration({ email: `${name}@example.com`, firstName: name, ...extra }))).status).toBe(201);
    if (grant) {
      expect((await runUsersCommand(app.deps.config.databaseUrl, ['grant', grant, `${name}@example.com`])).stderr).toBe('');
      expect((await browser.json('POST', '/auth/login', { email: `${name}@example.com`, password: 'beats42' })).status).toBe(200);
    }
    users.set(name, browser);
  };
  /** A browser session lasts a day: after the clock moves, the staff and buyer log in again. */
  const relogin = async (...names: string[]) => {
    for (const name of names) expect((await as(name).json('POST', '/auth/login', { email: `${name}@example.com`, password: 'beats42' })).status).toBe(200);
  };
  const detail = async (browser: ApiBrowser, method: string, call: string, body?: unknown) => {
    const answer = await browser.json<CustomOrderDetail & { message?: string }>(method, call, body);
    if (answer.status < 300) assert(answer.body, CustomOrderDetailSchema);
    return answer;
  };
  const order = async (paymentMethodId = VISA, serviceId = MASTERING) => detail(as('buyer'), 'POST', '/custom-orders', await asShownService(as('buyer'), { serviceId, brief: BRIEF, paymentMethodId }));
  const deliver = async (id: string, parts: { message?: string; files: { name: string; content: Buffer }[] }, browser = as('admin')) => {
    const form = new FormData();
    if (parts.message !== undefined) form.append('message', parts.message);
    for (const file of parts.files) form.append('files', new Blob([new Uint8Array(file.content)]), file.name);
    const response = await fetch(`${app.baseUrl}/api/v1/admin/custom-orders/${id}/delivery`, { method: 'POST', headers: { Cookie: browser.cookieHeader() }, body: form });
    return { status: response.status, body: (await response.json()) as CustomOrderDetail & { message: string } };
  };
  const mailsTo = async (to: string) => (await app.deps.database.query.selectFrom('mail_outbox').select(['subject', 'text']).where('to_address', '=', to).execute()).map((mail) => mail.subject);
  const list = async (browser: ApiBrowser, call: string): Promise<CustomOrderSummary[]> => {
    const answer = await browser.json('GET', call);
    expect(answer.status).toBe(200);
    assert(answer.body, CustomOrderListSchema);
    return answer.body.orders;
  };
  const eventCount = async () => Number((await app.deps.database.query.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { MEDIA_DIR: mediaDir } });
    sandbox = app.deps.payments.sandbox!;
    await register('buyer');
    await register('other');
    await register('producer', { selectedRole: 'producer', isBuyer: false, socialNetwork: 'https://www.facebook.com/ada' });
    await register('moderator', {}, 'moderator');
    await register('admin', {}, 'admin');
    users.set('guest', new ApiBrowser(app.baseUrl));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('bad orders are refused with the field’s message and change nothing', async () => {
    const before = await eventCount();
    const short = await order();
    expect(short.status).toBe(201);
    const errorsOf = (message: string) =>
      message.startsWith('Desc') ? { errors: { brief: message } } : message.startsWith('Card') ? { errors: { paymentMethodId: message } } : message.startsWith('There is') ? { errors: { serviceId: 'Pick a service' } } : message.startsWith('Send the total') ? { errors: { expectedTotal: message } } : message.startsWith('The price') ? { expectedTotal } : {};
    const expectedTotal = await shownServicePrice(as('buyer'), { serviceId: MASTERING });
    const cases: [unknown, number, string][] = [
      [{ serviceId: MASTERING, brief: 'too short', paymentMethodId: VISA, expectedTotal }, 400, 'Description of the job must be at least 20 characters long'],
      [{ serviceId: MASTERING, brief: 'x'.repeat(3001), paymentMethodId: VISA, expectedTotal }, 400, 'Description of the job must be at most 3000 characters long'],
      [{ serviceId: 99, brief: BRIEF, paymentMethodId: VISA, expectedTotal }, 400, 'There is no sound service 99; pick one of the services on offer'],
      [{ serviceId: MASTERING, brief: BRIEF, expectedTotal }, 400, 'Card is required'],
      [{ serviceId: MASTERING, brief: BRIEF, paymentMethodId: VISA, expectedTotal, price: 1 }, 400, 'Invalid price: no such field in this request'],
      [{ serviceId: MASTERING, brief: BRIEF, paymentMethodId: VISA }, 400, 'Send the total the buyer was shown (expectedTotal, in cents)'],
      [{ serviceId: MASTERING, brief: BRIEF, paymentMethodId: VISA, expectedTotal: expectedTotal - 1 }, 409, `The price of Mastering changed: it is now ${formatCents(expectedTotal)}. You have not been charged; order again to pay the new price.`],
    ];
    const afterGood = await eventCount();
    expect(afterGood).toBeGreaterThan(before);
    for (const [body, status, message] of cases) {
      expect(await as('buyer').json('POST', '/custom-orders', body)).toEqual({ status, body: { statusCode: status, message, ...errorsOf(message) } });
    }
    expect(await eventCount()).toBe(afterGood);
    expect((await as('guest').json('POST', '/custom-orders', { serviceId: MASTERING, brief: BRIEF, paymentMethodId: VISA })).status).toBe(401);
  });

  test('ordered and paid with the sandbox card: waiting for the producer, deadline from the service’s delivery days', async () => {
    const placed = await order();
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ serviceName: 'Mastering', state: 'waiting', price: 59, overdue: false, actions: ['message'] });
    expect(placed.body.deadline).toBe(new Date(clock.now().getTime() + 3 * DAY_MS).toISOString());
    const payments = await sandbox.forOrder(placed.body.id);
    expect(payments.map((p) => [p.amountCents, p.charges])).toEqual([[5_900, 1]]);
    // The shop hears of it; the buyer's list shows it, and the dashboard's open orders too.
    expect(await mailsTo('admin@example.com')).toContain('New custom order: Mastering');
    expect((await list(as('buyer'), '/custom-orders')).map((o) => o.id)).toContain(placed.body.id);
    expect((await list(as('admin'), '/admin/custom-orders')).map((o) => o.id)).toContain(placed.body.id);
    const home = await as('buyer').json('GET', '/dashboard/home');
    assert(home.body, DashboardHomeSchema);
    expect(home.body.openCustomOrders).toEqual(expect.arrayContaining([expect.objectContaining({ id: placed.body.id, state: 'waiting', deadline: placed.body.deadline })]));
  });

  test('a declined card leaves the order failed, never waiting for the shop', async () => {
    const failed = await order('pm_card_chargeDeclined');
    expect(failed.body).toMatchObject({ state: 'payment_failed', actions: [] });
    expect(failed.body.failureReason).toMatch(/declined/i);
    expect((await list(as('admin'), '/admin/custom-orders')).map((o) => o.id)).not.toContain(failed.body.id);
  });

  test('accepted, a thread, delivered with a file, one revision, accepted by the buyer, downloaded for 180 days', async () => {
    const { id } = (await order()).body;
    expect((await detail(as('admin'), 'POST', `/admin/custom-orders/${id}/accept`)).body).toMatchObject({ state: 'accepted', actions: ['decline', 'deliver', 'message'] });
    expect(await mailsTo('buyer@example.com')).toContain('Your custom order Mastering was accepted');
    expect((await detail(as('buyer'), 'POST', `/custom-orders/${id}/messages`, { text: 'The vocal is a bit quiet in the chorus.' })).status).toBe(200);
    expect((await detail(as('admin'), 'POST', `/admin/custom-orders/${id}/messages`, { text: 'Noted, we will lift it.' })).status).toBe(200);
    expect(await mailsTo('admin@example.com')).toContain('New message on Mastering');

    // A file that is not audio, a zip or a PDF, and a delivery without a file, change nothing.
    const before = await eventCount();
    expect(await deliver(id, { message: 'Here', files: [{ name: 'notes.wav', content: Buffer.from('just some text, not audio at all') }] })).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'notes.wav is not a WAV, AIFF, FLAC, MP3, ZIP or PDF file', errors: { files: 'notes.wav is not a WAV, AIFF, FLAC, MP3, ZIP or PDF file' } },
    });
    // Refused by its first bytes while the rest is still arriving: the answer is a 400, and the server lives on.
    const junk = Buffer.alloc(200 * 1024, 7);
    expect((await deliver(id, { message: 'Here', files: [{ name: 'deliver.mp3', content: junk }] })).body.message).toBe('deliver.mp3 is not a WAV, AIFF, FLAC, MP3, ZIP or PDF file');
    expect((await detail(as('admin'), 'GET', `/admin/custom-orders/${id}`)).status).toBe(200);
    expect((await deliver(id, { message: 'Here', files: [] })).body.message).toBe('Attach at least one file');
    expect((await deliver(id, { files: [{ name: 'master.wav', content: wav(100) }] })).body.message).toBe('Send the message before the files');
    expect((await deliver(id, { message: 'Here', files: [{ name: 'master.wav', content: wav(100) }] }, as('buyer'))).status).toBe(404);
    expect(await eventCount()).toBe(before);
    expect(fs.existsSync(path.join(mediaDir, 'private', 'custom-orders'))).toBe(false);

    const master = wav(2_000);
    const delivered = await deliver(id, { message: 'Your master, -14 LUFS.', files: [{ name: 'Night Swim (master).wav', content: master }] });
    expect(delivered.status).toBe(201);
    expect(delivered.body).toMatchObject({ state: 'delivered', files: [{ name: 'Night Swim master.wav', bytes: master.length }] });
    const buyerView = (await detail(as('buyer'), 'GET', `/custom-orders/${id}`)).body;
    expect(buyerView.actions).toEqual(['acceptDelivery', 'askRevision', 'message']);
    const fileUrl = buyerView.files[0]!.url;
    const download = await as('buyer').call('GET', fileUrl.replace('/api/v1', ''));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(master);
    // Another buyer, a producer, a moderator: the file does not exist for them.
    for (const name of ['other', 'producer', 'moderator']) expect((await as(name).call('GET', fileUrl.replace('/api/v1', ''))).status).toBe(404);
    expect((await as('guest').call('GET', fileUrl.replace('/api/v1', ''))).status).toBe(401);

    expect((await detail(as('buyer'), 'POST', `/custom-orders/${id}/revision`, { text: 'Less bass, please.' })).body).toMatchObject({ state: 'revision_requested', revisionsLeft: 0 });
    expect(await mailsTo('admin@example.com')).toContain('Revision asked: Mastering');
    expect((await deliver(id, { message: 'Less bass now.', files: [{ name: 'v2.wav', content: wav(300) }] })).status).toBe(201);
    const second = await detail(as('buyer'), 'POST', `/custom-orders/${id}/revision`, { text: 'Again, please.' });
    expect(second).toEqual({ status: 409, body: { statusCode: 409, message: 'The one revision of this order was asked for already; accept the delivery or write a message' } });

    const done = await detail(as('buyer'), 'POST', `/custom-orders/${id}/accept-delivery`);
    expect(done.body).toMatchObject({ state: 'completed', downloadsUntil: new Date(clock.now().getTime() + 180 * DAY_MS).toISOString() });
    expect(done.body.thread.map((entry) => [entry.from, entry.kind])).toEqual([
      ['buyer', 'message'],
      ['shop', 'message'],
      ['shop', 'delivery'],
      ['buyer', 'revision'],
      ['shop', 'delivery'],
    ]);
    const v2 = done.body.files[0]!.url.replace('/api/v1', '');
    expect((await as('buyer').call('GET', v2)).status).toBe(200);
    clock.advance(181 * DAY_MS);
    try {
      await relogin('buyer');
      expect((await as('buyer').json('GET', v2)).status).toBe(410);
    } finally {
      clock.advance(-181 * DAY_MS);
    }
  });

  test('declined: refunded through the provider exactly once, however often the process runs', async () => {
    const { id } = (await order()).body;
    const declined = await detail(as('admin'), 'POST', `/admin/custom-orders/${id}/decline`, { reason: 'We cannot master a mono file.' });
    expect(declined.body).toMatchObject({ state: 'declined', actions: [] });
    expect((await readOrder(app.deps, id)).status).toBe('refunded');
    await runCustomOrderWork(app.deps);
    await runCustomOrderWork(app.deps);
    expect((await detail(as('admin'), 'POST', `/admin/custom-orders/${id}/decline`, { reason: 'Again, twice.' })).status).toBe(200);
    expect((await sandbox.forOrder(id)).map((p) => [p.charges, p.refunds, p.status])).toEqual([[1, 1, 'refunded']]);
    expect(await mailsTo('buyer@example.com')).toEqual(expect.arrayContaining(['Your custom order Mastering was declined', 'Your custom order Mastering was refunded']));
    expect((await detail(as('admin'), 'POST', `/admin/custom-orders/${id}/accept`)).status).toBe(409);
  });

  test('past its deadline and not delivered: flagged overdue in lists and detail', async () => {
    const { id } = (await order()).body;
    clock.advance(3 * DAY_MS + 60_000);
    try {
      await relogin('buyer', 'admin');
      expect((await list(as('buyer'), '/custom-orders')).find((o) => o.id === id)?.overdue).toBe(true);
      expect((await list(as('admin'), '/admin/custom-orders')).find((o) => o.id === id)?.overdue).toBe(true);
      expect((await detail(as('admin'), 'GET', `/admin/custom-orders/${id}`)).body.overdue).toBe(true);
    } finally {
      clock.advance(-(3 * DAY_MS + 60_000));
    }
  });

  test('nobody but the buyer and the shop reads an order, its thread or its files', async () => {
    const { id } = (await order()).body;
    for (const name of ['other', 'producer', 'moderator']) {
      expect((await as(name).json('GET', `/custom-orders/${id}`)).status).toBe(404);
      expect((await as(name).json('POST', `/custom-orders/${id}/messages`, { text: 'Hello there' })).status).toBe(404);
      expect((await as(name).json('GET', `/admin/custom-orders/${id}`)).status).toBe(404);
      expect((await as(name).json('POST', `/admin/custom-orders/${id}/accept`)).status).toBe(404);
      expect((await list(as(name), '/custom-orders')).map((o) => o.id)).not.toContain(id);
    }
    expect((await as('guest').json('GET', `/custom-orders/${id}`)).status).toBe(401);
    expect((await as('guest').json('GET', `/admin/custom-orders/${id}`)).status).toBe(404);
    expect((await as('buyer').json('GET', '/admin/custom-orders')).status).toBe(404);
    expect((await as('buyer').json('GET', '/custom-orders/not-an-id')).status).toBe(400);
  });
});
