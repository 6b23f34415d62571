import nock from 'nock';
import Stripe from 'stripe';
import type { Order } from '../../shared/schemas/order';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { asShown, type OrderBody } from '../../test/helpers/shownTotal';
import { analyticsKey, deriveAnalytics, readAllEvents } from '../../test/helpers/analyticsReader';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { OUTCOME_UNKNOWN } from '../commerce/payForOrder';
import { ATTEMPT_GRACE_MS, NOT_CHARGED, reconcileOrder } from '../commerce/reconcile';
import { PayPalOrders } from './paypalProvider';
import { createStripeClient, StripeCardPayments } from './stripeProvider';

const STRIPE_API = 'https://api.stripe.com';
const PAYPAL_API = 'https://api-m.sandbox.paypal.com';
const WEBHOOK_SECRET = 'whsec_test_secret';
const ENV = {
  STRIPE_SECRET_KEY: 'sk_test_beatcrate',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  PAYPAL_CLIENT_ID: 'paypal-client',
  PAYPAL_CLIENT_SECRET: 'paypal-secret',
  PAYPAL_API_URL: PAYPAL_API,
  PAYPAL_WEBHOOK_ID: 'WH-BEATCRATE',
  PUBLIC_URL: 'http://shop.test',
  TRUST_PROXY: '1',
};

type Captured = { headers: Record<string, unknown>; body: unknown };

const intent = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: 'payment_intent',
  amount: 27_549,
  currency: 'usd',
  status,
  client_secret: `${id}_secret_x`,
  metadata: {},
  next_action: null,
  last_payment_error: null,
  ...extra,
});

describe('real payment adapters against nock (Stripe and PayPal configured)', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  let app: TestApp;
  let counter = 0;
  const stripeForSigning = new Stripe('sk_test_signing');

  const buyer = async () => {
    const visitor = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.3.0.${++counter}` });
    expect((await visitor.json('POST', '/auth/register', registration({ email: `providers${counter}@example.com` }))).status).toBe(201);
    expect((await visitor.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false })).status).toBe(200);
    return visitor;
  };
  /** An order call sends the total the buyer's cart shows, as the storefront does. */
  const post = async (visitor: ApiBrowser, path: string, body?: OrderBody, headers: Record<string, string> = {}) => {
    const response = await visitor.call('POST', path, body && (await asShown(visitor, body)), headers);
    return { status: response.status, body: (await response.json()) as Order & { message?: string } };
  };
  const stripeWebhook = (event: unknown, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return fetch(`${app.baseUrl}/api/v1/ecommerce/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripeForSigning.webhooks.generateTestHeaderString({ payload, secret }) },
      body: payload,
    });
  };
  const deliveries = async (orderId: string) => (await app.deps.eventStore.readStream(`order-${orderId}`)).filter((event) => event.type === 'OrderDelivered').length;
  /** The analytics stream's `Order Completed` lines for the order (issue 13: exactly one per paid order). */
  const completions = async (orderId: string) => {
    await deriveAnalytics(app.deps);
    const key = await analyticsKey(app.deps);
    return (await readAllEvents(app.baseUrl, key)).filter((line) => line.event === 'Order Completed' && line.properties.order_id === orderId).length;
  };
  /** Stripe answers the create call; the answer names the order id our request carried. */
  const stripeCreates = (captured: Captured[], answer: (orderId: string) => [number, unknown]) =>
    nock(STRIPE_API)
      .post('/v1/payment_intents')
      .reply(function (_uri, body) {
        captured.push({ headers: this.req.headers, body });
        const orderId = new URLSearchParams(String(body)).get('metadata[orderId]') ?? '';
        return answer(orderId);
      });

  beforeAll(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect(/127\.0\.0\.1/);
    app = await startTestApp({ env: ENV, clock });
    await listShop(app.deps);
  });
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    expect(pending).toEqual([]);
  });
  afterAll(async () => {
    nock.enableNetConnect();
    await app.close();
  });

  test('the configured providers replace the sandbox, which then serves no pages', async () => {
    expect(app.deps.payments.card.provider).toBe('stripe');
    expect(app.deps.payments.paypal.provider).toBe('paypal');
    expect(app.deps.payments.sandbox).toBeNull();
    expect((await fetch(`${app.baseUrl}/sandbox-pay/sbx_${'0'.repeat(24)}`)).status).toBe(404);
  });

  describe('Stripe', () => {
    test('a card payment: one PaymentIntent with the order as idempotency key, paid and delivered', async () => {
      const visitor = await buyer();
      const captured: Captured[] = [];
      stripeCreates(captured, (orderId) => [200, intent('pi_paid', 'succeeded', { metadata: { orderId } })]);
      const { status, body } = await post(visitor, '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_visa', coupon: null });
      expect(status).toBe(201);
      expect(body).toMatchObject({ status: 'paid', total: 265.49, downloads: [{ kind: 'samplePack' }] });
      const form = new URLSearchParams(String(captured[0]!.body));
      expect(Object.fromEntries(form)).toMatchObject({ amount: '26549', currency: 'usd', payment_method: 'pm_card_visa', confirm: 'true', [`metadata[orderId]`]: body.id });
      expect(captured[0]!.headers['idempotency-key']).toBe(`order-${body.id}-card`);
      // Only the payment-method id went to Stripe: no card number passes through us.
      expect(String(captured[0]!.body)).not.toMatch(/\d{13,19}/);
    });

    test('a declined card fails the order with Stripe\'s reason', async () => {
      const visitor = await buyer();
      stripeCreates([], () => [
        402,
        { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: intent('pi_declined', 'requires_payment_method') } },
      ]);
      const { body } = await post(visitor, '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_chargeDeclined', coupon: null });
      expect(body).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.', downloads: [] });
    });

    test('3-D Secure, then the webhook twice, a failure notice out of order and the browser\'s refresh: paid and delivered once', async () => {
      const visitor = await buyer();
      const redirect = 'https://hooks.stripe.com/3d_secure_2/authenticate/pi_3ds';
      stripeCreates([], (orderId) => [200, intent('pi_3ds', 'requires_action', { metadata: { orderId }, next_action: { type: 'redirect_to_url', redirect_to_url: { url: redirect, return_url: 'x' } } })]);
      const { body } = await post(visitor, '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_threeDSecure2Required', coupon: null });
      expect(body).toMatchObject({ status: 'requires_action', nextActionUrl: redirect });

      const succeeded = { id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: intent('pi_3ds', 'succeeded', { metadata: { orderId: body.id } }) } };
      // The browser asks Stripe only if it gets there before a webhook has settled the order.
      nock(STRIPE_API).get('/v1/payment_intents/pi_3ds').optionally().reply(200, intent('pi_3ds', 'succeeded', { metadata: { orderId: body.id } }));
      const [first, refreshed, second] = await Promise.all([
        stripeWebhook(succeeded),
        visitor.json<Order>('GET', `/ecommerce/orders/${body.id}/refresh-status`),
        stripeWebhook(succeeded),
      ]);
      expect([first.status, refreshed.status, second.status]).toEqual([200, 200, 200]);
      const failedLate = { id: 'evt_0', object: 'event', type: 'payment_intent.payment_failed', data: { object: intent('pi_3ds', 'requires_payment_method', { metadata: { orderId: body.id }, last_payment_error: { message: 'Your card was declined.' } }) } };
      expect((await stripeWebhook(failedLate)).status).toBe(200);
      const final = await visitor.json<Order>('GET', `/ecommerce/orders/${body.id}/refresh-status`);
      expect(final.body).toMatchObject({ status: 'paid', failureReason: null, downloads: [{ kind: 'samplePack' }] });
      expect(await deliveries(body.id)).toBe(1);
      expect(await completions(body.id)).toBe(1);
    });

    test('a webhook with a bad signature is refused and changes nothing', async () => {
      const visitor = await buyer();
      stripeCreates([], (orderId) => [200, intent('pi_forged', 'requires_action', { metadata: { orderId } })]);
      const { body } = await post(visitor, '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_threeDSecure2Required', coupon: null });
      const forged = { id: 'evt_x', object: 'event', type: 'payment_intent.succeeded', data: { object: intent('pi_forged', 'succeeded', { metadata: { orderId: body.id } }) } };
      const response = await stripeWebhook(forged, 'whsec_someone_else');
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ statusCode: 400, message: 'The webhook signature does not verify' });
      const unsigned = await fetch(`${app.baseUrl}/api/v1/ecommerce/payments/stripe/webhook`, { method: 'POST', body: JSON.stringify(forged) });
      expect(unsigned.status).toBe(400);
      nock(STRIPE_API).get('/v1/payment_intents/pi_forged').reply(200, intent('pi_forged', 'requires_action', { metadata: { orderId: body.id } }));
      expect((await visitor.json<Order>('GET', `/ecommerce/orders/${body.id}/refresh-status`)).body.status).toBe('requires_action');
    });

    test('Stripe answers 500 twice: the SDK asks again with the same Idempotency-Key, and the third answer pays', async () => {
      const visitor = await buyer();
      const captured: Captured[] = [];
      nock(STRIPE_API)
        .post('/v1/payment_intents')
        .times(2)
        .reply(function (_uri, body) {
          captured.push({ headers: this.req.headers, body });
          return [500, { error: { type: 'api_error', message: 'Something went wrong on our end.' } }];
        });
      stripeCreates(captured, (orderId) => [200, intent('pi_after_500', 'succeeded', { metadata: { orderId } })]);
      const { status, body } = await post(visitor, '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_visa', coupon: null });
      expect(status).toBe(201);
      expect(body).toMatchObject({ status: 'paid', failureReason: null });
      expect(captured.map((request) => request.headers['idempotency-key'])).toEqual(Array(3).fill(`order-${body.id}-card`));
    }, 60_000);

    describe('Stripe out of reach: the buyer is told, nothing is charged twice', () => {
      /** Every create and search attempt (the SDK's first try and its two retries) fails to connect. */
      const unreachable = (path: string, method: 'post' | 'get') =>
        nock(STRIPE_API)[method](path)
          .query(method === 'get' ? true : {})
          .times(3)
          .replyWithError({ code: 'ETIMEDOUT', message: 'connect ETIMEDOUT' });
      const searchFor = (orderId: string, answer: unknown[]) =>
        nock(STRIPE_API)
          .get('/v1/payment_intents/search')
          .query((query) => query.query === `metadata['orderId']:'${orderId}'`)
          .reply(200, { object: 'search_result', data: answer, has_more: false, url: '/v1/payment_intents/search' });
      const keyed = { 'Idempotency-Key': '' };

      test('the order waits with the reason; the retry with the same Idempotency-Key finds the charge Stripe made and pays once', async () => {
        const visitor = await buyer();
        unreachable('/v1/payment_intents', 'post');
        unreachable('/v1/payment_intents/search', 'get');
        keyed['Idempotency-Key'] = `attempt-${counter}-aaaaaaaa`;
        const first = await post(visitor, '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_visa', coupon: null }, keyed);
        expect(first).toMatchObject({ status: 201, body: { status: 'pending', failureReason: OUTCOME_UNKNOWN, downloads: [] } });

        // Stripe had charged after all; its answer never reached us.
        searchFor(first.body.id, [intent('pi_lost', 'succeeded', { metadata: { orderId: first.body.id }, created: 1 })]);
        const retried = await post(visitor, '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_visa', coupon: null }, keyed);
        expect(retried).toMatchObject({ status: 200, body: { id: first.body.id, status: 'paid', failureReason: null, downloads: [{ kind: 'samplePack' }] } });
        expect(await deliveries(first.body.id)).toBe(1);
      }, 60_000);

      test('a retry that finds no charge asks Stripe again with the same key; a reconciliation that finds none fails the order as not charged', async () => {
        const visitor = await buyer();
        unreachable('/v1/payment_intents', 'post');
        unreachable('/v1/payment_intents/search', 'get');
        keyed['Idempotency-Key'] = `attempt-${counter}-bbbbbbbb`;
        const first = await post(visitor, '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_visa', coupon: null }, keyed);
        expect(first.body.status).toBe('pending');
        searchFor(first.body.id, []);
        const captured: Captured[] = [];
        stripeCreates(captured, (orderId) => [200, intent('pi_second_try', 'succeeded', { metadata: { orderId } })]);
        const retried = await post(visitor, '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_visa', coupon: null }, keyed);
        expect(retried.body).toMatchObject({ id: first.body.id, status: 'paid' });
        expect(captured[0]!.headers['idempotency-key']).toBe(`order-${first.body.id}-card`);

        const other = await buyer();
        unreachable('/v1/payment_intents', 'post');
        unreachable('/v1/payment_intents/search', 'get');
        const abandoned = await post(other, '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_visa', coupon: null });
        expect(abandoned.body.status).toBe('pending');
        clock.advance(ATTEMPT_GRACE_MS);
        searchFor(abandoned.body.id, []);
        await reconcileOrder(app.deps, abandoned.body.id);
        expect((await other.json<Order>('GET', `/ecommerce/orders/${abandoned.body.id}/refresh-status`)).body).toMatchObject({ status: 'failed', failureReason: NOT_CHARGED });
      }, 60_000);
    });

    test('a timed-out request is retried with the same idempotency key', async () => {
      const payments = new StripeCardPayments(createStripeClient({ secretKey: 'sk_test_timeout', webhookSecret: WEBHOOK_SECRET, timeoutMs: 200 }), WEBHOOK_SECRET);
      const keys: unknown[] = [];
      nock(STRIPE_API)
        .post('/v1/payment_intents')
        .delay(1_000)
        .reply(function () {
          keys.push(this.req.headers['idempotency-key']);
          return [200, intent('pi_slow', 'succeeded')];
        })
        .post('/v1/payment_intents')
        .reply(function () {
          keys.push(this.req.headers['idempotency-key']);
          return [200, intent('pi_slow', 'succeeded')];
        });
      const outcome = await payments.chargeCard({ orderId: 'order-timeout', amountCents: 1000, paymentMethodId: 'pm_card_visa', returnUrl: 'http://shop.test/cart' });
      expect(outcome).toEqual({ status: 'succeeded', providerPaymentId: 'pi_slow' });
      expect(keys).toEqual(['order-order-timeout-card', 'order-order-timeout-card']);
    });
  });

  describe('PayPal', () => {
    const approveLink = (id: string) => ({ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}` });
    const oauth = () =>
      nock(PAYPAL_API)
        .post('/v1/oauth2/token', 'grant_type=client_credentials')
        .basicAuth({ user: 'paypal-client', pass: 'paypal-secret' })
        .reply(200, { access_token: 'A21-token', expires_in: 32_400 });

    test('create with PayPal-Request-Id, approve at PayPal, capture: paid; a retried create after a network error reuses the request id', async () => {
      oauth();
      const visitor = await buyer();
      const requestIds: unknown[] = [];
      const scope = nock(PAYPAL_API)
        .post('/v2/checkout/orders')
        .replyWithError({ code: 'ECONNRESET', message: 'socket hang up' })
        .post('/v2/checkout/orders', (body: { purchase_units: { amount: { value: string } }[] }) => body.purchase_units[0]!.amount.value === '265.49')
        .matchHeader('authorization', 'Bearer A21-token')
        .reply(201, { id: 'PP-1', status: 'PAYER_ACTION_REQUIRED', links: [approveLink('PP-1')] });
      scope.on('request', (request: { headers: Record<string, unknown> }) => requestIds.push(request.headers['paypal-request-id']));
      const created = await post(visitor, '/ecommerce/orders', { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: null });
      expect(created.body).toMatchObject({ status: 'requires_action', nextActionUrl: approveLink('PP-1').href });
      expect(requestIds).toEqual([`order-${created.body.id}`, `order-${created.body.id}`]);

      nock(PAYPAL_API)
        .post('/v2/checkout/orders/PP-1/capture')
        .matchHeader('paypal-request-id', `capture-${created.body.id}`)
        .reply(201, { id: 'PP-1', status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ id: 'CAP-1', status: 'COMPLETED' }] } }] });
      const captured = await post(visitor, `/ecommerce/payments/paypal/${created.body.id}/capture`);
      expect(captured.body).toMatchObject({ status: 'paid', downloads: [{ kind: 'samplePack' }] });
    });

    test('a declined capture fails the order', async () => {
      const visitor = await buyer();
      nock(PAYPAL_API).post('/v2/checkout/orders').reply(201, { id: 'PP-2', status: 'PAYER_ACTION_REQUIRED', links: [approveLink('PP-2')] });
      const created = await post(visitor, '/ecommerce/orders', { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: null });
      nock(PAYPAL_API).post('/v2/checkout/orders/PP-2/capture').reply(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
      expect((await post(visitor, `/ecommerce/payments/paypal/${created.body.id}/capture`)).body).toMatchObject({ status: 'failed', failureReason: 'PayPal declined the payment.' });
    });

    test('PayPal out of reach at capture: 502, and the order still waits for its money', async () => {
      const visitor = await buyer();
      nock(PAYPAL_API).post('/v2/checkout/orders').reply(201, { id: 'PP-4', status: 'PAYER_ACTION_REQUIRED', links: [approveLink('PP-4')] });
      const created = await post(visitor, '/ecommerce/orders', { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: null });
      nock(PAYPAL_API).post('/v2/checkout/orders/PP-4/capture').times(3).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
      expect(await post(visitor, `/ecommerce/payments/paypal/${created.body.id}/capture`)).toMatchObject({
        status: 502,
        body: { message: 'The payment provider could not be reached; please try again' },
      });
      nock(PAYPAL_API).get('/v2/checkout/orders/PP-4').reply(200, { id: 'PP-4', status: 'APPROVED', links: [] });
      expect((await visitor.json<Order>('GET', `/ecommerce/orders/${created.body.id}/refresh-status`)).body.status).toBe('requires_action');
      // PayPal had captured after all: reconciliation finds it and the order is paid.
      clock.advance(ATTEMPT_GRACE_MS);
      nock(PAYPAL_API).get('/v2/checkout/orders/PP-4').reply(200, { id: 'PP-4', status: 'COMPLETED', links: [] });
      await reconcileOrder(app.deps, created.body.id);
      expect((await visitor.json<Order>('GET', `/ecommerce/orders/${created.body.id}/refresh-status`)).body).toMatchObject({ status: 'paid', downloads: [{ kind: 'samplePack' }] });
    });

    test('an order answer of a shape we do not know (no status) is a failure of PayPal, not an order that waits for its buyer', async () => {
      const visitor = await buyer();
      nock(PAYPAL_API).post('/v2/checkout/orders').reply(201, { id: 'PP-5', links: [approveLink('PP-5')] });
      const created = await post(visitor, '/ecommerce/orders', { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: null });
      expect(created.body).toMatchObject({ status: 'failed', failureReason: NOT_CHARGED });
    });

    test('PayPal answering 500 to every try of the create: the same PayPal-Request-Id each time, and the order fails as not charged', async () => {
      const visitor = await buyer();
      const requestIds: unknown[] = [];
      const scope = nock(PAYPAL_API).post('/v2/checkout/orders').times(3).reply(500, { name: 'INTERNAL_SERVER_ERROR' });
      scope.on('request', (request: { headers: Record<string, unknown> }) => requestIds.push(request.headers['paypal-request-id']));
      const created = await post(visitor, '/ecommerce/orders', { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: null });
      expect(created.body).toMatchObject({ status: 'failed', failureReason: NOT_CHARGED });
      expect(requestIds).toEqual(Array(3).fill(`order-${created.body.id}`));
    });

    test('the capture webhook, verified by PayPal and delivered twice, pays once; a bad signature is refused', async () => {
      const visitor = await buyer();
      nock(PAYPAL_API).post('/v2/checkout/orders').reply(201, { id: 'PP-3', status: 'PAYER_ACTION_REQUIRED', links: [approveLink('PP-3')] });
      const created = await post(visitor, '/ecommerce/orders', { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: null });
      const event = {
        id: 'WH-EVT-1',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: { id: 'CAP-3', status: 'COMPLETED', custom_id: created.body.id, supplementary_data: { related_ids: { order_id: 'PP-3' } } },
      };
      const send = () =>
        fetch(`${app.baseUrl}/api/v1/ecommerce/payments/paypal/webhook`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'PayPal-Transmission-Id': 't-1', 'PayPal-Transmission-Sig': 'sig', 'PayPal-Auth-Algo': 'SHA256withRSA' },
          body: JSON.stringify(event),
        });
      nock(PAYPAL_API)
        .post('/v1/notifications/verify-webhook-signature', (body: { webhook_id: string; transmission_id: string; webhook_event: { id: string } }) => body.webhook_id === 'WH-BEATCRATE' && body.transmission_id === 't-1' && body.webhook_event.id === 'WH-EVT-1')
        .times(2)
        .reply(200, { verification_status: 'SUCCESS' });
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      expect((await visitor.json<Order>('GET', `/ecommerce/orders/${created.body.id}/refresh-status`)).body.status).toBe('paid');
      expect(await deliveries(created.body.id)).toBe(1);
      expect(await completions(created.body.id)).toBe(1);

      nock(PAYPAL_API).post('/v1/notifications/verify-webhook-signature').reply(200, { verification_status: 'FAILURE' });
      expect((await send()).status).toBe(400);
    });

    test('the adapter gives up after its retries with a provider error, never a charge', async () => {
      const paypal = new PayPalOrders({ clientId: 'c', clientSecret: 's', apiUrl: 'https://paypal.invalid.test', webhookId: 'w', timeoutMs: 200 });
      nock('https://paypal.invalid.test').post('/v1/oauth2/token').times(3).replyWithError({ code: 'ETIMEDOUT', message: 'timeout' });
      await expect(paypal.createOrder({ orderId: 'o', amountCents: 100, returnUrl: 'r', cancelUrl: 'c' })).rejects.toThrow('PayPal POST /v1/oauth2/token failed');
    });
  });
});
