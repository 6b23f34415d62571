import { randomBytes } from 'node:crypto';
import { create } from 'superstruct';
import {
  AnalyticsKeyCreatedSchema,
  AnalyticsWebhookCreatedSchema,
  AnalyticsWebhookDeliveryListSchema,
  AnalyticsWebhookListSchema,
  type AnalyticsWebhookView,
} from '../../shared/schemas/analyticsWebhooks';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { analyticsKey, readAllEvents } from '../../test/helpers/analyticsReader';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { startWebhookReceiver } from '../../test/helpers/webhookReceiver';
import { createAnalyticsKey, revokeAnalyticsKey } from '../analytics/analyticsKeys';
import { deliverWebhooks } from '../analytics/webhookDelivery';
import { grantRole } from '../auth/staffRoles';

const UNAUTHORIZED = { status: 401, authenticate: 'Bearer', body: { statusCode: 401, message: 'Unauthorized' } };

/** A consumer's calls: its key (if any) as a bearer token, never a cookie. */
async function asConsumer(app: TestApp, key: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}/api/v1${path}`, {
    method,
    headers: { ...(key === null ? {} : { Authorization: `Bearer ${key}` }), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, authenticate: response.headers.get('www-authenticate'), body: (await response.json()) as unknown };
}

const manageKey = (app: TestApp) => analyticsKey(app.deps, ['webhooks:manage']);
const deliver = (app: TestApp) => deliverWebhooks(app.deps, new AbortController().signal);

/** A guest puts the pack in the cart and takes it out: two events, derived before this resolves. */
async function browse(app: TestApp): Promise<void> {
  const guest = new ApiBrowser(app.baseUrl);
  expect((await guest.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false })).status).toBe(200);
  expect((await guest.json('DELETE', `/ecommerce/cart/${SHOP.pack.productId}`)).status).toBe(200);
  await app.deps.analytics.projector.catchUp();
}

describe('analytics webhooks: who may manage them, and what a receiver may be', () => {
  let app: TestApp;
  let admin: ApiBrowser;
  let adminId: number;

  const adminWebhooks = async (): Promise<AnalyticsWebhookView[]> => create((await admin.json('GET', '/admin/analytics/webhooks')).body, AnalyticsWebhookListSchema).webhooks;

  beforeAll(async () => {
    // Its receivers listen on this machine, which only this development setting lets webhooks reach.
    app = await startTestApp({ env: { WEBHOOK_LOOPBACK_FOR_DEVELOPMENT: 'on' } });
    await listShop(app.deps);
    admin = new ApiBrowser(app.baseUrl);
    expect((await admin.json('POST', '/auth/register', registration({ email: 'console@example.com' }))).status).toBe(201);
    expect(await grantRole(app.deps, 'console@example.com', 'admin')).toBe('granted');
    const login = await admin.json<{ id: number }>('POST', '/auth/login', { email: 'console@example.com', password: 'beats42', remember: false });
    expect(login.status).toBe(200);
    adminId = login.body.id;
  });
  afterAll(() => app.close());

  afterEach(async () => {
    // Each test starts with no webhook, so one test's receivers are not delivered to in another.
    for (const webhook of await adminWebhooks()) expect((await admin.json('DELETE', `/admin/analytics/webhooks/${webhook.id}`)).status).toBe(200);
  });

  test('no key, a wrong key, a revoked key, a key without webhooks:manage or an admin’s cookie: every webhook call is 401 with no reason, and nothing changes', async () => {
    const key = await manageKey(app);
    const registered = await asConsumer(app, key, 'POST', '/analytics/webhooks', { url: 'https://hooks.example.com/beatcrate' });
    expect(registered.status).toBe(201);
    const { id } = create(registered.body, AnalyticsWebhookCreatedSchema).webhook;
    const revoked = await manageKey(app);
    expect((await asConsumer(app, revoked, 'GET', '/analytics/webhooks')).status).toBe(200);
    const revokedId = (await app.deps.database.query.selectFrom('analytics_keys').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    expect(await revokeAnalyticsKey(app.deps.database, Number(revokedId), app.deps.clock.now())).toBe(true);
    const readOnly = await analyticsKey(app.deps, ['events:read']);
    const wrong = `bca_${randomBytes(32).toString('base64url')}`;

    const calls: [string, string, unknown?][] = [
      ['GET', '/analytics/webhooks'],
      ['POST', '/analytics/webhooks', { url: 'https://attacker.example.com/' }],
      ['DELETE', `/analytics/webhooks/${id}`],
      ['GET', `/analytics/webhooks/${id}/deliveries`],
    ];
    for (const credential of [null, wrong, revoked, readOnly, `${key}x`]) {
      for (const [method, path, body] of calls) expect(await asConsumer(app, credential, method, path, body)).toEqual(UNAUTHORIZED);
    }
    // The admin is logged in, but a session cookie is no key.
    for (const [method, path, body] of calls) {
      const response = await admin.call(method, path, body);
      expect({ status: response.status, authenticate: response.headers.get('www-authenticate'), body: await response.json() }).toEqual(UNAUTHORIZED);
    }
    // Scopes do not stand in for each other: reading events is not managing webhooks, nor the reverse.
    expect((await asConsumer(app, key, 'GET', '/analytics/events')).status).toBe(401);
    expect(await readAllEvents(app.baseUrl, readOnly)).toEqual(expect.any(Array));
    expect((await adminWebhooks()).map((webhook) => webhook.url)).toEqual(['https://hooks.example.com/beatcrate']);
  });

  test('a key sees and deletes only the webhooks registered with it: another key’s are unknown to it', async () => {
    const mine = await manageKey(app);
    const theirs = await manageKey(app);
    const created = create((await asConsumer(app, theirs, 'POST', '/analytics/webhooks', { url: 'https://theirs.example.com/hook' })).body, AnalyticsWebhookCreatedSchema);
    expect(create((await asConsumer(app, mine, 'GET', '/analytics/webhooks')).body, AnalyticsWebhookListSchema).webhooks).toEqual([]);
    expect(await asConsumer(app, mine, 'DELETE', `/analytics/webhooks/${created.webhook.id}`)).toMatchObject({ status: 404, body: { statusCode: 404, message: `No webhook ${created.webhook.id}` } });
    expect(await asConsumer(app, mine, 'GET', `/analytics/webhooks/${created.webhook.id}/deliveries`)).toMatchObject({ status: 404 });
    expect(create((await asConsumer(app, theirs, 'GET', '/analytics/webhooks')).body, AnalyticsWebhookListSchema).webhooks).toEqual([created.webhook]);
    expect(await asConsumer(app, theirs, 'DELETE', `/analytics/webhooks/${created.webhook.id}`)).toMatchObject({ status: 200, body: { id: created.webhook.id, deleted: true } });
    expect(create((await asConsumer(app, theirs, 'GET', '/analytics/webhooks')).body, AnalyticsWebhookListSchema).webhooks).toEqual([]);
  });

  test('revoking the key a webhook was registered with stops its deliveries at once, and the console says why', async () => {
    const receiver = await startWebhookReceiver();
    const made = await createAnalyticsKey(app.deps.database, { name: 'Leaky', scopes: ['webhooks:manage'], by: null, now: app.deps.clock.now() });
    const { webhook } = create((await asConsumer(app, made.key, 'POST', '/analytics/webhooks', { url: receiver.url })).body, AnalyticsWebhookCreatedSchema);
    await browse(app);
    await deliver(app);
    expect(receiver.posts).toHaveLength(1);

    expect((await admin.json('POST', `/admin/analytics/keys/${made.view.id}/revoke`)).status).toBe(200);
    await browse(app);
    await deliver(app);
    expect(receiver.posts).toHaveLength(1);
    expect((await adminWebhooks()).find((one) => one.id === webhook.id)).toMatchObject({ state: 'key revoked', createdByKeyPrefix: made.view.prefix, createdByUserId: null });
    await receiver.close();
  });

  test('bad webhook input is a 4xx that says what is wrong, and registers nothing', async () => {
    const key = await manageKey(app);
    const refusals: [unknown, string][] = [
      [{}, 'Invalid url: URL is required'],
      [{ url: 'not a url' }, 'Invalid url: URL must be a whole address, like https://example.com/hooks/beatcrate'],
      [{ url: 'ftp://example.com/hooks' }, 'Invalid url: URL must start with https://'],
      [{ url: 'http://example.com/hooks' }, 'Invalid url: URL must start with https:// (http:// only for localhost, and not in production)'],
      [{ url: 'http://10.0.0.5/hooks' }, 'Invalid url: URL must start with https:// (http:// only for localhost, and not in production)'],
      [{ url: 'https://ada:secret@example.com/hooks' }, 'Invalid url: URL must not hold a user name or password (the signature proves who sends)'],
      [{ url: 'https://example.com/hooks#here' }, 'Invalid url: URL must not hold a #fragment'],
      [{ url: `https://example.com/${'a'.repeat(2_000)}` }, 'Invalid url: URL must be at most 2000 characters'],
      [{ url: 'https://example.com/hooks', types: 'Signed Up' }, 'Invalid types: Event types must be a list of event names (empty: every event)'],
      [{ url: 'https://example.com/hooks', types: ['Signed Up', 'Page Viewed'] }, 'Invalid types: Event types: "Page Viewed" is not an event of the stream'],
      [{ url: 'https://example.com/hooks', types: ['Signed Up', 'Signed Up'] }, 'Invalid types: Event types must name each event once'],
      [{ url: 'https://example.com/hooks', secret: 'whsec_mine' }, 'Invalid secret: no such field in this request'],
      [['https://example.com/hooks'], 'Invalid body: Expected an object, but received: https://example.com/hooks'],
    ];
    for (const [body, message] of refusals) {
      expect({ body, answer: await asConsumer(app, key, 'POST', '/analytics/webhooks', body) }).toEqual({ body, answer: { status: 400, authenticate: null, body: { statusCode: 400, message } } });
    }
    const raw = async (body: string, contentType: string) => {
      const response = await fetch(`${app.baseUrl}/api/v1/analytics/webhooks`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': contentType }, body });
      return { status: response.status, body: (await response.json()) as { message: string } };
    };
    expect(await raw('{"url":', 'application/json')).toMatchObject({ status: 400 });
    expect(await raw('url=https://example.com/', 'application/x-www-form-urlencoded')).toEqual({ status: 415, body: { statusCode: 415, message: 'Unsupported Content-Type; send application/json' } });
    expect(await asConsumer(app, key, 'GET', '/analytics/webhooks?after=3')).toMatchObject({ status: 400, body: { message: 'Invalid after: this call takes no query' } });
    expect(await asConsumer(app, key, 'DELETE', '/analytics/webhooks/abc')).toMatchObject({ status: 400, body: { message: 'Invalid webhook id: "abc"' } });
    expect(await asConsumer(app, key, 'GET', '/analytics/webhooks/99999/deliveries')).toMatchObject({ status: 404, body: { message: 'No webhook 99999' } });
    expect(await adminWebhooks()).toEqual([]);
  });

  test('with the loopback setting, outside production a plain http:// receiver may be on this machine only; https:// anywhere public', async () => {
    const key = await manageKey(app);
    for (const url of ['http://127.0.0.1:8080/hooks', 'http://localhost:8080/hooks', 'http://[::1]:8080/hooks', 'https://hooks.example.com/beatcrate?source=shop']) {
      expect({ url, status: (await asConsumer(app, key, 'POST', '/analytics/webhooks', { url })).status }).toEqual({ url, status: 201 });
    }
    expect((await adminWebhooks()).map((webhook) => webhook.url)).toEqual(['http://127.0.0.1:8080/hooks', 'http://localhost:8080/hooks', 'http://[::1]:8080/hooks', 'https://hooks.example.com/beatcrate?source=shop']);
  });

  test('a key made in the console is shown once, works at once, never shows in a list, and its revocation names the admin', async () => {
    const made = await admin.json('POST', '/admin/analytics/keys', { name: '  Warehouse  ', scopes: ['events:read'] });
    expect(made.status).toBe(201);
    const { key, secret } = create(made.body, AnalyticsKeyCreatedSchema);
    expect(key).toMatchObject({ name: 'Warehouse', scopes: ['events:read'], revokedAt: null, prefix: secret.slice(0, 10) });
    expect(await readAllEvents(app.baseUrl, secret)).toEqual(expect.any(Array));
    const listed = await admin.json('GET', '/admin/analytics/keys');
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(await admin.json('POST', '/admin/analytics/keys', { name: ' ', scopes: [] })).toMatchObject({ status: 400, body: { message: 'Invalid name: Name is required' } });
    expect(await admin.json('POST', '/admin/analytics/keys', { name: 'No scope', scopes: [] })).toMatchObject({ status: 400, body: { message: 'Invalid scopes: Choose at least one scope' } });

    const revoked = await admin.json<{ key: { revokedAt: string | null } }>('POST', `/admin/analytics/keys/${key.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.key.revokedAt).not.toBeNull();
    expect((await asConsumer(app, secret, 'GET', '/analytics/events')).status).toBe(401);
    expect(await admin.json('POST', `/admin/analytics/keys/${key.id}/revoke`)).toMatchObject({ status: 409, body: { message: `Key ${key.prefix}… was revoked already` } });
    const row = await app.deps.database.query.selectFrom('analytics_keys').select(['created_by', 'revoked_by']).where('id', '=', key.id).executeTakeFirstOrThrow();
    expect({ createdBy: Number(row.created_by), revokedBy: Number(row.revoked_by) }).toEqual({ createdBy: adminId, revokedBy: adminId });
  });

  test('a webhook registered in the console: paused it gets nothing, resumed it gets what happened meanwhile in order, deleted nothing more; the rows name the admin', async () => {
    const receiver = await startWebhookReceiver();
    const registered = await admin.json('POST', '/admin/analytics/webhooks', { url: receiver.url, types: ['Product Removed', 'Product Added'] });
    expect(registered.status).toBe(201);
    const { webhook, secret } = create(registered.body, AnalyticsWebhookCreatedSchema);
    expect(webhook).toMatchObject({ types: ['Product Added', 'Product Removed'], state: 'active', createdByUserId: adminId, createdByKeyPrefix: null });
    expect(JSON.stringify(await adminWebhooks())).not.toContain(secret);

    expect((await admin.json('POST', `/admin/analytics/webhooks/${webhook.id}/disable`)).body).toMatchObject({ webhook: { state: 'disabled' } });
    await browse(app);
    await deliver(app);
    expect(receiver.posts).toHaveLength(0);
    expect((await admin.json('POST', `/admin/analytics/webhooks/${webhook.id}/enable`)).body).toMatchObject({ webhook: { state: 'active', disabledAt: null } });
    await deliver(app);
    expect(receiver.deliveredEvents().map((line) => line.event)).toEqual(['Product Added', 'Product Removed']);
    const log = create((await admin.json('GET', `/admin/analytics/webhooks/${webhook.id}/deliveries`)).body, AnalyticsWebhookDeliveryListSchema).deliveries;
    expect(log.map(({ statusCode, delivered, events }) => ({ statusCode, delivered, events }))).toEqual([{ statusCode: 200, delivered: true, events: 2 }]);

    expect(await admin.json('DELETE', `/admin/analytics/webhooks/${webhook.id}`)).toEqual({ status: 200, body: { id: webhook.id, deleted: true } });
    await browse(app);
    await deliver(app);
    expect(receiver.posts).toHaveLength(1);
    expect(await adminWebhooks()).toEqual([]);
    const row = await app.deps.database.query.selectFrom('analytics_webhooks').select(['created_by_user', 'deleted_by_user']).where('id', '=', webhook.id).executeTakeFirstOrThrow();
    expect({ createdBy: Number(row.created_by_user), deletedBy: Number(row.deleted_by_user) }).toEqual({ createdBy: adminId, deletedBy: adminId });
    await receiver.close();
  });
});

describe('analytics webhooks in production: only https:// to public addresses (SSRF)', () => {
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' } });
    await listShop(app.deps);
    key = await manageKey(app);
  });
  afterAll(() => app.close());

  test('loopback, private, link-local, carrier-grade NAT and unique-local hosts, and names resolving to them, are refused at registration', async () => {
    const refusals: [string, string][] = [
      ['http://127.0.0.1:8080/hooks', 'URL must start with https://'],
      ['https://127.0.0.1/hooks', '127.0.0.1 is not a public address (loopback)'],
      ['https://10.1.2.3/hooks', '10.1.2.3 is not a public address (private)'],
      ['https://192.168.0.7/hooks', '192.168.0.7 is not a public address (private)'],
      ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is not a public address (linkLocal)'],
      ['https://100.64.0.1/hooks', '100.64.0.1 is not a public address (carrierGradeNat)'],
      ['https://[::ffff:10.0.0.1]/hooks', '[::ffff:a00:1] is not a public address (private)'],
      ['https://[fd00::1]/hooks', '[fd00::1] is not a public address (uniqueLocal)'],
      ['https://0.0.0.0/hooks', '0.0.0.0 is not a public address (unspecified)'],
      ['https://[::127.0.0.1]/', '[::7f00:1] is not a public address (ipv4Compatible)'],
      ['https://[64:ff9b::a9fe:a9fe]/hooks', '[64:ff9b::a9fe:a9fe] is not a public address (rfc6052)'],
    ];
    for (const [url, reason] of refusals) {
      const answer = await asConsumer(app, key, 'POST', '/analytics/webhooks', { url });
      const message = reason.startsWith('URL') ? `Invalid url: ${reason}` : `Invalid url: ${reason}; webhooks are delivered to public addresses only`;
      expect({ url, answer }).toEqual({ url, answer: { status: 400, authenticate: null, body: { statusCode: 400, message } } });
    }
    const byName = await asConsumer(app, key, 'POST', '/analytics/webhooks', { url: 'https://localhost/hooks' });
    expect(byName).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^Invalid url: localhost resolves to (127\.0\.0\.1|::1), which is not a public address \(loopback\); /) } });
    expect(create((await asConsumer(app, key, 'GET', '/analytics/webhooks')).body, AnalyticsWebhookListSchema).webhooks).toEqual([]);
    const publicOne = await asConsumer(app, key, 'POST', '/analytics/webhooks', { url: 'https://93.184.215.14/hooks' });
    expect(publicOne.status).toBe(201);
    expect((await asConsumer(app, key, 'DELETE', `/analytics/webhooks/${create(publicOne.body, AnalyticsWebhookCreatedSchema).webhook.id}`)).status).toBe(200);
  });

  test('at delivery time the address is checked again: a host that now resolves to this machine gets nothing, and the log says why', async () => {
    const receiver = await startWebhookReceiver();
    const { webhook } = create((await asConsumer(app, key, 'POST', '/analytics/webhooks', { url: 'https://93.184.215.14/hooks' })).body, AnalyticsWebhookCreatedSchema);
    // As though the name a consumer registered resolved to a public address then and to this machine now (DNS rebinding).
    const pointAt = (url: string) => app.deps.database.transaction((tx) => tx.updateTable('analytics_webhooks').set({ url, next_attempt_at: 0 }).where('id', '=', webhook.id).execute());
    await pointAt(`https://localhost:${receiver.port}/hooks`);
    await browse(app);
    await deliver(app);
    await pointAt(`https://127.0.0.1:${receiver.port}/hooks`);
    await deliver(app);
    expect(receiver.posts).toEqual([]);
    const log = create((await asConsumer(app, key, 'GET', `/analytics/webhooks/${webhook.id}/deliveries`)).body, AnalyticsWebhookDeliveryListSchema).deliveries;
    expect(log.map(({ statusCode, error }) => ({ statusCode, error }))).toEqual([
      { statusCode: null, error: '127.0.0.1 is not a public address (loopback)' },
      { statusCode: null, error: expect.stringMatching(/^localhost resolves to (127\.0\.0\.1|::1), which is not a public address \(loopback\)$/) },
    ]);
    expect((await asConsumer(app, key, 'DELETE', `/analytics/webhooks/${webhook.id}`)).status).toBe(200);
    await receiver.close();
  });
});

/**
 * Without NODE_ENV=production and without the loopback setting (plain `npm start`), webhooks are
 * refused the same private, loopback and metadata addresses as in production, in every embedded
 * IPv4 form, at registration and again at delivery after the name is resolved.
 */
describe('analytics webhooks in the default mode: only public addresses, loopback included', () => {
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    app = await startTestApp();
    await listShop(app.deps);
    key = await manageKey(app);
  });
  afterAll(() => app.close());

  test.each<[string, string]>([
    ['http://127.0.0.1:8080/hooks', '127.0.0.1 is not a public address (loopback)'],
    ['http://localhost:8080/hooks', 'localhost resolves to 127.0.0.1, which is not a public address (loopback)'],
    ['http://[::1]:8080/hooks', '[::1] is not a public address (loopback)'],
    ['https://127.1.2.3/hooks', '127.1.2.3 is not a public address (loopback)'],
    ['https://2130706433/hooks', '127.0.0.1 is not a public address (loopback)'],
    ['https://10.1.2.3/hooks', '10.1.2.3 is not a public address (private)'],
    ['https://172.16.5.4/hooks', '172.16.5.4 is not a public address (private)'],
    ['https://192.168.0.7/hooks', '192.168.0.7 is not a public address (private)'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is not a public address (linkLocal)'],
    ['https://[fd00:ec2::254]/latest/meta-data', '[fd00:ec2::254] is not a public address (uniqueLocal)'],
    ['https://100.64.0.1/hooks', '100.64.0.1 is not a public address (carrierGradeNat)'],
    ['https://0.1.2.3/hooks', '0.1.2.3 is not a public address (unspecified)'],
    ['https://224.0.0.1/hooks', '224.0.0.1 is not a public address (multicast)'],
    ['https://[ff02::1]/hooks', '[ff02::1] is not a public address (multicast)'],
    ['https://[fe80::1]/hooks', '[fe80::1] is not a public address (linkLocal)'],
    ['https://[::ffff:127.0.0.1]/hooks', '[::ffff:7f00:1] is not a public address (loopback)'],
    ['https://[::127.0.0.1]/hooks', '[::7f00:1] is not a public address (ipv4Compatible)'],
    ['https://[::10.0.0.1]/hooks', '[::a00:1] is not a public address (ipv4Compatible)'],
    ['https://[64:ff9b::a00:1]/hooks', '[64:ff9b::a00:1] is not a public address (rfc6052)'],
    ['https://[2002:a00:1::]/hooks', '[2002:a00:1::] is not a public address (6to4)'],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hooks', '[2001:0:4136:e378:8000:63bf:3fff:fdd2] is not a public address (teredo)'],
    ['https://nowhere.invalid/hooks', 'nowhere.invalid does not resolve to an address'],
  ])('%s is refused at registration', async (url, reason) => {
    expect(await asConsumer(app, key, 'POST', '/analytics/webhooks', { url })).toEqual({
      status: 400,
      authenticate: null,
      body: { statusCode: 400, message: `Invalid url: ${reason}; webhooks are delivered to public addresses only` },
    });
    expect(create((await asConsumer(app, key, 'GET', '/analytics/webhooks')).body, AnalyticsWebhookListSchema).webhooks).toEqual([]);
  });

  test('a name is refused when any address it resolves to is not public, at registration and again at delivery', async () => {
    const system = app.deps.resolveHost;
    try {
      app.deps.resolveHost = async (hostname) => (hostname === 'hooks.partner.test' ? ['93.184.215.14', '10.0.0.7'] : system(hostname));
      expect(await asConsumer(app, key, 'POST', '/analytics/webhooks', { url: 'https://hooks.partner.test/beatcrate' })).toMatchObject({
        status: 400,
        body: { message: 'Invalid url: hooks.partner.test resolves to 10.0.0.7, which is not a public address (private); webhooks are delivered to public addresses only' },
      });
      // Public when registered, this machine and then the metadata service at delivery (DNS rebinding): nothing is sent, and the log says why.
      app.deps.resolveHost = async (hostname) => (hostname === 'hooks.partner.test' ? ['93.184.215.14'] : system(hostname));
      const registered = await asConsumer(app, key, 'POST', '/analytics/webhooks', { url: 'https://hooks.partner.test/beatcrate' });
      expect(registered.status).toBe(201);
      const { webhook } = create(registered.body, AnalyticsWebhookCreatedSchema);
      const receiver = await startWebhookReceiver();
      await app.deps.database.transaction((tx) => tx.updateTable('analytics_webhooks').set({ url: `http://hooks.partner.test:${receiver.port}/hooks` }).where('id', '=', webhook.id).execute());
      app.deps.resolveHost = async (hostname) => (hostname === 'hooks.partner.test' ? ['127.0.0.1'] : system(hostname));
      await browse(app);
      await deliver(app);
      await app.deps.database.transaction((tx) => tx.updateTable('analytics_webhooks').set({ next_attempt_at: 0 }).where('id', '=', webhook.id).execute());
      app.deps.resolveHost = async (hostname) => (hostname === 'hooks.partner.test' ? ['93.184.215.14', '169.254.169.254'] : system(hostname));
      await deliver(app);
      expect(receiver.posts).toEqual([]);
      const log = create((await asConsumer(app, key, 'GET', `/analytics/webhooks/${webhook.id}/deliveries`)).body, AnalyticsWebhookDeliveryListSchema).deliveries;
      expect(log.map(({ statusCode, error }) => ({ statusCode, error }))).toEqual([
        { statusCode: null, error: 'hooks.partner.test resolves to 169.254.169.254, which is not a public address (linkLocal)' },
        { statusCode: null, error: 'hooks.partner.test resolves to 127.0.0.1, which is not a public address (loopback)' },
      ]);
      await receiver.close();
    } finally {
      app.deps.resolveHost = system;
    }
  });
});
