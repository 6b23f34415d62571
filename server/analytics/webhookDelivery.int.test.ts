import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { create } from 'superstruct';
import type { AnalyticsEventName, AnalyticsLine } from '../../shared/schemas/analytics';
import {
  type AnalyticsWebhookCreated,
  AnalyticsWebhookCreatedSchema,
  type AnalyticsWebhookDelivery,
  AnalyticsWebhookDeliveryListSchema,
  type AnalyticsWebhookView,
  AnalyticsWebhookListSchema,
  WebhookPayloadSchema,
} from '../../shared/schemas/analyticsWebhooks';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { analyticsKey, readAllEvents } from '../../test/helpers/analyticsReader';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { listenOnLoopback, testConfig } from '../../test/helpers/testApp';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import { type ReceivedPost, startWebhookReceiver } from '../../test/helpers/webhookReceiver';
import type { AppDeps } from '../appDeps';
import { backgroundJobs } from '../jobs/backgroundJobs';
import { closeAppDeps, openAppDeps } from '../services';
import { deliverWebhooks, MAX_RETRY_MS, WEBHOOKS_JOB } from './webhookDelivery';

const HOUR = 60 * 60_000;

/**
 * What a receiver whose clock reads `at` makes of a POST: standardwebhooks' own `verify`, whose
 * five-minute tolerance is measured from the receiver's clock (here the test's manual one).
 */
function verifiedAt(at: Date, secret: string, post: Pick<ReceivedPost, 'body' | 'headers'>): unknown {
  const now = jest.spyOn(Date, 'now').mockReturnValue(at.getTime());
  try {
    return new Webhook(secret).verify(post.body, post.headers);
  } finally {
    now.mockRestore();
  }
}

const eventsOf = (post: ReceivedPost) => create(JSON.parse(post.body) as unknown, WebhookPayloadSchema).events;
const idOf = (post: ReceivedPost) => post.headers['webhook-id'];

/**
 * Issue 13 "Webhooks": batches signed the Standard Webhooks way reach a real receiver on loopback
 * in stream order, failures are retried with backoff under the same webhook-id, and neither a
 * restart nor a day of the receiver being down loses or repeats an event. The deliveries run as
 * the background job runs them (its entry in backgroundJobs), on a manual clock.
 */
describe('analytics webhooks deliver the stream', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  let database: TestDatabase;
  let deps: AppDeps;
  let server: { baseUrl: string; stop(): Promise<void> };
  let manageKey: string;
  let readKey: string;
  let signUps = 0;

  const start = async () => {
    // The receiver listens on this machine, which only this development setting lets webhooks reach.
    deps = await openAppDeps(testConfig({ DATABASE_URL: database.url, WEBHOOK_LOOPBACK_FOR_DEVELOPMENT: 'on' }), clock);
    server = await listenOnLoopback(deps);
  };
  const stop = async () => {
    await server.stop();
    await closeAppDeps(deps);
  };

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${manageKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const register = async (url: string, types?: AnalyticsEventName[]): Promise<AnalyticsWebhookCreated> => {
    const answer = await api('POST', '/analytics/webhooks', { url, ...(types ? { types } : {}) });
    expect(answer.status).toBe(201);
    return create(answer.body, AnalyticsWebhookCreatedSchema);
  };
  const webhookNow = async (id: number): Promise<AnalyticsWebhookView> => {
    const { webhooks } = create((await api('GET', '/analytics/webhooks')).body, AnalyticsWebhookListSchema);
    return webhooks.find((webhook) => webhook.id === id)!;
  };
  const deliveryLog = async (id: number): Promise<AnalyticsWebhookDelivery[]> => create((await api('GET', `/analytics/webhooks/${id}/deliveries`)).body, AnalyticsWebhookDeliveryListSchema).deliveries;
  const forget = async (id: number) => expect((await api('DELETE', `/analytics/webhooks/${id}`)).status).toBe(200);

  /** A guest puts the pack in the cart and takes it out again, `rounds` times: Product Added, Product Removed… */
  const browse = async (rounds: number) => {
    const guest = new ApiBrowser(server.baseUrl);
    for (let round = 0; round < rounds; round++) {
      expect((await guest.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false })).status).toBe(200);
      expect((await guest.json('DELETE', `/ecommerce/cart/${SHOP.pack.productId}`)).status).toBe(200);
    }
    await deps.analytics.projector.catchUp();
  };
  const signUp = async () => {
    expect((await new ApiBrowser(server.baseUrl).json('POST', '/auth/register', registration({ email: `hooked${++signUps}@example.com` }))).status).toBe(201);
    await deps.analytics.projector.catchUp();
  };
  /** One run of the webhooks job, as the job runner starts it. */
  const deliver = () => backgroundJobs(deps).find((job) => job.name === WEBHOOKS_JOB)!.run(new AbortController().signal);
  /** The stream after a cursor, read through the events API, as the receiver should have it. */
  const streamAfter = async (cursor: string, types?: readonly AnalyticsEventName[]): Promise<AnalyticsLine[]> =>
    (await readAllEvents(server.baseUrl, readKey)).filter((line) => Number(line.cursor) > Number(cursor) && (!types || types.includes(line.event)));

  beforeAll(async () => {
    database = await createTestDatabase();
    await start();
    await listShop(deps);
    manageKey = await analyticsKey(deps, ['webhooks:manage']);
    readKey = await analyticsKey(deps, ['events:read']);
  });
  afterAll(async () => {
    try {
      await stop();
    } finally {
      await database.drop();
    }
  });

  test('each POST is signed the Standard Webhooks way, and the receiver verifies it with standardwebhooks and the secret shown at registration', async () => {
    const receiver = await startWebhookReceiver();
    const types: AnalyticsEventName[] = ['Product Added', 'Signed Up'];
    const { webhook, secret } = await register(receiver.url, types);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await browse(2);
    await signUp();
    await deliver();

    expect(receiver.posts).toHaveLength(1);
    const post = receiver.posts[0]!;
    const at = clock.now();
    const { events } = create(verifiedAt(at, secret, post), WebhookPayloadSchema);
    expect(events.map((line) => line.event)).toEqual(['Product Added', 'Product Added', 'Signed Up']);
    expect(events).toEqual(await streamAfter(webhook.deliveredThrough, types));
    expect(post.headers).toMatchObject({ 'content-type': 'application/json', 'webhook-timestamp': String(at.getTime() / 1000) });
    expect(idOf(post)).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);

    // A body changed on the way, another secret, or the same POST replayed after the library's five minutes: refused.
    expect(() => verifiedAt(at, secret, { ...post, body: post.body.replace('"Signed Up"', '"Logged In"') })).toThrow(WebhookVerificationError);
    expect(() => verifiedAt(at, `whsec_${Buffer.alloc(32, 7).toString('base64')}`, post)).toThrow('No matching signature found');
    expect(() => verifiedAt(new Date(at.getTime() + 6 * 60_000), secret, post)).toThrow('Message timestamp too old');
    await forget(webhook.id);
    await receiver.close();
  });

  test('batches hold at most 100 events in stream order; no types is every event, a list is those events only', async () => {
    const everything = await startWebhookReceiver();
    const onlySignUps = await startWebhookReceiver();
    const all = await register(everything.url);
    const some = await register(onlySignUps.url, ['Signed Up']);
    await browse(60);
    await signUp();
    await browse(1);
    await deliver();

    expect(everything.posts.map((post) => eventsOf(post).length)).toEqual([100, 23]);
    expect(new Set(everything.posts.map(idOf)).size).toBe(2);
    expect(everything.deliveredEvents()).toEqual(await streamAfter(all.webhook.deliveredThrough));
    expect(onlySignUps.deliveredEvents()).toEqual(await streamAfter(some.webhook.deliveredThrough, ['Signed Up']));
    expect(onlySignUps.deliveredEvents().map((line) => line.event)).toEqual(['Signed Up']);
    expect((await webhookNow(all.webhook.id)).deliveredThrough).toBe(everything.deliveredEvents().at(-1)!.cursor);

    // Nothing new, nothing sent.
    await deliver();
    expect(everything.posts).toHaveLength(2);
    expect(onlySignUps.posts).toHaveLength(1);
    for (const { webhook } of [all, some]) await forget(webhook.id);
    await everything.close();
    await onlySignUps.close();
  });

  test('a batch answered with 500 is sent again after 5 s, then 10 s, under the same webhook-id, while later events wait behind it; the log shows every code', async () => {
    const receiver = await startWebhookReceiver();
    const { webhook } = await register(receiver.url);
    receiver.answerNext(500, 503);
    await browse(1);
    await deliver();
    expect(receiver.posts).toHaveLength(1);
    await browse(1);

    clock.advance(4_999);
    await deliver();
    expect(receiver.posts).toHaveLength(1);
    clock.advance(1);
    await deliver();
    expect(receiver.posts).toHaveLength(2);
    expect(await webhookNow(webhook.id)).toMatchObject({ failures: 2, retryAt: new Date(clock.now().getTime() + 10_000).toISOString() });
    clock.advance(9_999);
    await deliver();
    expect(receiver.posts).toHaveLength(2);
    clock.advance(1);
    await deliver();

    const [first, second, third, fourth] = receiver.posts;
    expect(receiver.posts.map((post) => post.answered)).toEqual([500, 503, 200, 200]);
    expect([second, third].map((post) => post!.body)).toEqual([first!.body, first!.body]);
    expect([second, third].map((post) => idOf(post!))).toEqual([idOf(first!), idOf(first!)]);
    expect(eventsOf(first!).map((line) => line.event)).toEqual(['Product Added', 'Product Removed']);
    expect(idOf(fourth!)).not.toBe(idOf(first!));
    expect(receiver.deliveredEvents()).toEqual(await streamAfter(webhook.deliveredThrough));

    const log = await deliveryLog(webhook.id);
    expect(log.map(({ attempt, statusCode, error, delivered, events, batchId }) => ({ attempt, statusCode, error, delivered, events, batchId }))).toEqual([
      { attempt: 1, statusCode: 200, error: null, delivered: true, events: 2, batchId: idOf(fourth!) },
      { attempt: 3, statusCode: 200, error: null, delivered: true, events: 2, batchId: idOf(first!) },
      { attempt: 2, statusCode: 503, error: null, delivered: false, events: 2, batchId: idOf(first!) },
      { attempt: 1, statusCode: 500, error: null, delivered: false, events: 2, batchId: idOf(first!) },
    ]);
    const times = log.map((attempt) => Date.parse(attempt.at)).reverse();
    expect(times.slice(1).map((time, index) => time - times[index]!)).toEqual([5_000, 10_000, 0]);
    expect(await webhookNow(webhook.id)).toMatchObject({ failures: 0, retryAt: null, deliveredThrough: receiver.deliveredEvents().at(-1)!.cursor });
    await forget(webhook.id);
    await receiver.close();
  });

  test('a receiver that does not answer within the timeout is logged as such and tried again later', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { webhook } = await register(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`);
    await browse(1);
    await deliverWebhooks(deps, new AbortController().signal, { timeoutMs: 300 });
    const [attempt] = await deliveryLog(webhook.id);
    expect(attempt).toMatchObject({ statusCode: null, error: 'No answer within 0.3 s', delivered: false, events: 2 });
    expect(attempt!.durationMs).toBeGreaterThanOrEqual(250);
    expect(await webhookNow(webhook.id)).toMatchObject({ failures: 1, retryAt: new Date(clock.now().getTime() + 5_000).toISOString() });
    await forget(webhook.id);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  test('a consumer down for a day is tried again at least hourly, and once it answers catches up in order, the waiting batch first under its old id', async () => {
    const types: AnalyticsEventName[] = ['Product Added', 'Product Removed'];
    const first = await startWebhookReceiver();
    const { webhook } = await register(first.url, types);
    await first.close();
    for (let hour = 0; hour < 24; hour++) {
      await browse(5);
      await deliver();
      clock.advance(HOUR);
    }
    const outage = await deliveryLog(webhook.id);
    expect(outage).toHaveLength(24);
    expect(new Set(outage.map((attempt) => attempt.error))).toEqual(new Set(['Connection refused (ECONNREFUSED)']));
    expect(new Set(outage.map((attempt) => attempt.batchId)).size).toBe(1);
    const waiting = await webhookNow(webhook.id);
    expect(waiting.failures).toBe(24);
    expect(Date.parse(waiting.retryAt!) - Date.parse(outage[0]!.at)).toBe(MAX_RETRY_MS);

    const back = await startWebhookReceiver(first.port);
    await deliver();
    const sizes = back.posts.map((post) => eventsOf(post).length);
    expect(sizes).toEqual([10, 100, 100, 30]);
    expect(idOf(back.posts[0]!)).toBe(outage[0]!.batchId);
    const caughtUp = back.deliveredEvents();
    expect(caughtUp).toEqual(await streamAfter(webhook.deliveredThrough, types));
    expect(new Set(caughtUp.map((line) => line.messageId)).size).toBe(240);
    expect(await webhookNow(webhook.id)).toMatchObject({ failures: 0, retryAt: null, deliveredThrough: caughtUp.at(-1)!.cursor });
    await forget(webhook.id);
    await back.close();
  });

  test('after a restart on the same database deliveries go on from the cursor, the failed batch again under its id: no event twice, none missing', async () => {
    const receiver = await startWebhookReceiver();
    const { webhook } = await register(receiver.url);
    await browse(3);
    await deliver();
    receiver.answerNext(500);
    await browse(2);
    await deliver();
    await browse(1);

    await stop();
    await start();
    await browse(2);
    clock.advance(5_000);
    await deliver();

    const [, failed, retried] = receiver.posts;
    expect(receiver.posts.map((post) => post.answered)).toEqual([200, 500, 200, 200]);
    expect(idOf(retried!)).toBe(idOf(failed!));
    expect(retried!.body).toBe(failed!.body);
    const delivered = receiver.deliveredEvents();
    expect(delivered).toEqual(await streamAfter(webhook.deliveredThrough));
    expect(delivered).toHaveLength(16);
    expect(new Set(delivered.map((line) => line.cursor)).size).toBe(16);
    await forget(webhook.id);
    await receiver.close();
  });
});
