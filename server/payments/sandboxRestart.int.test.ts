import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Order } from '../../shared/schemas/order';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { asShown, type OrderBody } from '../../test/helpers/shownTotal';
import { listShop, SHOP, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { TEST_ASSETS, testConfig } from '../../test/helpers/testApp';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import { createApp } from '../app';
import type { AppDeps } from '../appDeps';
import { closeAppDeps, openAppDeps } from '../services';

/**
 * 'Nothing acknowledged is ever lost': a payment step the buyer is in the middle of (3-D Secure,
 * PayPal approval) survives the server going down and coming back on the same database.
 */
describe('sandbox payments live in the database', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-restart-media-'));
  let database: TestDatabase;
  let deps: AppDeps;
  let server: Server;
  let port: number;
  let counter = 0;

  /** Opens the app on the database; each start listens on a new port, so no old connection is reused. */
  const start = async () => {
    deps = await openAppDeps(testConfig({ MEDIA_DIR: mediaDir, DATABASE_URL: database.url }), clock);
    const app = createApp(deps, { assets: TEST_ASSETS });
    server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    port = (server.address() as AddressInfo).port;
  };
  const stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await closeAppDeps(deps);
  };
  /** Restarts the server; the buyer comes back with the same cookies (the session is in the database too). */
  const restart = async (visitor: ApiBrowser) => {
    await stop();
    await start();
    const returning = new ApiBrowser(baseUrl());
    for (const [name, value] of visitor.cookies) returning.cookies.set(name, value);
    return returning;
  };
  const baseUrl = () => `http://127.0.0.1:${port}`;
  const buyer = async () => {
    const visitor = new ApiBrowser(baseUrl());
    expect((await visitor.json('POST', '/auth/register', registration({ email: `restart${++counter}@example.com` }))).status).toBe(201);
    return visitor;
  };
  /** An order call sends the total the buyer's cart shows, as the storefront does. */
  const call = async (visitor: ApiBrowser, method: string, pathName: string, body?: OrderBody) => {
    const response = await visitor.call(method, pathName, body && (await asShown(visitor, body)));
    return { status: response.status, body: (await response.json()) as Order };
  };
  /** The buyer's browser on the sandbox page: a form POST answered with a redirect. */
  const sandboxStep = async (nextActionUrl: string, step: 'approve' | 'decline') => {
    const response = await fetch(`${baseUrl()}${nextActionUrl}/${step}`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    return response.headers.get('location');
  };

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    database = await createTestDatabase();
    await start();
    await listShop(deps);
  });
  afterAll(async () => {
    try {
      await stop();
    } finally {
      await database.drop();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    }
  });

  test('a 3-D Secure step started before a restart completes after it: paid once, downloads delivered', async () => {
    const before = await buyer();
    expect((await before.json('POST', '/ecommerce/cart', { product: SHOP.samplePack.productId, includeProjectFile: false })).status).toBe(200);
    const { status, body } = await call(before, 'POST', '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_threeDSecure2Required', coupon: null });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'requires_action', downloads: [] });

    const visitor = await restart(before);

    const page = await fetch(`${baseUrl()}${body.nextActionUrl}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Complete authentication');
    expect(await sandboxStep(body.nextActionUrl!, 'approve')).toBe(`/cart?orderId=${body.id}`);
    const refreshed = await call(visitor, 'GET', `/ecommerce/orders/${body.id}/refresh-status`);
    expect(refreshed).toMatchObject({ status: 200, body: { status: 'paid', downloads: [{ kind: 'samplePack', productId: SHOP.samplePack.productId }] } });
    // The storefront's link, followed in the buyer's browser (it serves their session only).
    const download = await visitor.call('GET', refreshed.body.downloads[0]!.url.replace(/^\/api\/v1/, ''));
    expect(download.status).toBe(200);
    expect((await deps.payments.sandbox!.forOrder(body.id)).map((payment) => [payment.kind, payment.status, payment.charges])).toEqual([['threeDSecure', 'succeeded', 1]]);
  });

  test('two clicks on the sandbox page at once charge once: the status changes by a conditional update', async () => {
    const visitor = await buyer();
    expect((await visitor.json('POST', '/ecommerce/cart', { product: SHOP.contacts.productId, includeProjectFile: false })).status).toBe(200);
    const { body } = await call(visitor, 'POST', '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_threeDSecure2Required', coupon: null });
    expect(await Promise.all([sandboxStep(body.nextActionUrl!, 'approve'), sandboxStep(body.nextActionUrl!, 'approve')])).toEqual([
      `/cart?orderId=${body.id}`,
      `/cart?orderId=${body.id}`,
    ]);
    expect((await call(visitor, 'GET', `/ecommerce/orders/${body.id}/refresh-status`)).body.status).toBe('paid');
    expect((await deps.payments.sandbox!.forOrder(body.id)).map((payment) => [payment.status, payment.charges])).toEqual([['succeeded', 1]]);
  });

  test('a PayPal approval given before a restart is captured after it, once', async () => {
    const before = await buyer();
    expect((await before.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false })).status).toBe(200);
    const { status, body } = await call(before, 'POST', '/ecommerce/orders', { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: null });
    expect(status).toBe(201);
    expect(await sandboxStep(body.nextActionUrl!, 'approve')).toBe(`/cart?orderId=${body.id}`);

    const visitor = await restart(before);

    const captured = await call(visitor, 'POST', `/ecommerce/payments/paypal/${body.id}/capture`);
    expect(captured).toMatchObject({ status: 200, body: { status: 'paid', downloads: [{ kind: 'samplePack', productId: SHOP.pack.productId }] } });
    expect((await call(visitor, 'POST', `/ecommerce/payments/paypal/${body.id}/capture`)).body).toEqual(captured.body);
    expect((await deps.payments.sandbox!.forOrder(body.id)).map((payment) => [payment.status, payment.charges])).toEqual([['succeeded', 1]]);
  });
});
