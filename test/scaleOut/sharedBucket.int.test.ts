import type { AppDeps } from '../../server/appDeps';
import { demoLoops } from '../../server/seed/demoCatalogue';
import { renderPreviews } from '../../server/media/renderPreviews';
import { mediaStorageSettings } from '../../server/media/storage/openMediaStorage';
import { closeAppDeps, openAppDeps } from '../../server/services';
import type { Order } from '../../shared/schemas/order';
import { ApiBrowser, manualClock, registration } from '../helpers/accountClient';
import { asShown } from '../helpers/shownTotal';
import { listShop, SHOP, SHOP_AUDIO, SHOP_MASTER } from '../helpers/commerceFixtures';
import { startS3Server, type TestS3Server } from '../helpers/s3Server';
import { listenOnLoopback, testConfig } from '../helpers/testApp';
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase';

/**
 * Two servers behind one load balancer share one database and one S3 bucket: whatever one of them
 * stores, the other serves, so no request needs to reach the server that wrote the file.
 */
describe('two servers sharing one S3 bucket', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  let bucket: TestS3Server;
  let database: TestDatabase;
  const servers: { deps: AppDeps; baseUrl: string; stop(): Promise<void> }[] = [];
  const first = () => servers[0]!;
  const second = () => servers[1]!;

  beforeAll(async () => {
    bucket = await startS3Server();
    database = await createTestDatabase();
    for (let index = 0; index < 2; index++) {
      const deps = await openAppDeps(testConfig({ ...bucket.env, DATABASE_URL: database.url }), clock);
      servers.push({ deps, ...(await listenOnLoopback(deps)) });
    }
  });
  afterAll(async () => {
    try {
      for (const { deps, stop } of servers) {
        await stop();
        await closeAppDeps(deps);
      }
    } finally {
      await database?.drop();
      await bucket?.close();
    }
  });

  test('a preview rendered by one server is played from the other, seeking included, and the other reuses it', async () => {
    // The seed's own path: worker threads that open the storage from the server's settings.
    const [loop] = demoLoops();
    const render = async (server: { deps: AppDeps }) => (await renderPreviews([loop!], mediaStorageSettings(server.deps.config), () => undefined)).get(loop!.id)!;
    const rendered = await render(first());
    expect(rendered.src).toBe(`/media/previews/${loop!.id}.mp3`);

    const whole = await fetch(`${second().baseUrl}${rendered.src}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    const size = (await whole.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(1000);
    const seek = await fetch(`${second().baseUrl}${rendered.src}`, { headers: { Range: `bytes=${size - 100}-` } });
    expect(seek.status).toBe(206);
    expect((await seek.arrayBuffer()).byteLength).toBe(100);

    const { lastModified } = (await second().deps.media.stat(`previews/${loop!.id}.mp3`))!;
    expect(await render(second())).toEqual(rendered);
    expect((await second().deps.media.stat(`previews/${loop!.id}.mp3`))!.lastModified).toEqual(lastModified);
  });

  test('a file deleted through one server is gone from the other', async () => {
    await second().deps.media.put('previews/short-lived.mp3', Buffer.from('soon gone'), { contentType: 'audio/mpeg', visibility: 'public' });
    expect((await fetch(`${first().baseUrl}/media/previews/short-lived.mp3`)).status).toBe(200);
    await first().deps.media.delete('previews/short-lived.mp3');
    expect((await fetch(`${second().baseUrl}/media/previews/short-lived.mp3`)).status).toBe(404);
  });

  test('a private file stored by one server is read by the other, and neither serves it at /media', async () => {
    await first().deps.media.put('private/masters/shared.wav', Buffer.from('master bytes'), { contentType: 'audio/wav', visibility: 'private' });
    expect(await second().deps.media.stat('private/masters/shared.wav')).toMatchObject({ size: 12, contentType: 'audio/wav' });
    for (const server of servers) expect((await fetch(`${server.baseUrl}/media/private/masters/shared.wav`)).status).toBe(404);
  });

  test('a beat bought on one server downloads from the other, streamed from the bucket', async () => {
    await first().deps.media.put('previews/shop-beat.mp3', SHOP_AUDIO, { contentType: 'audio/mpeg', visibility: 'public' });
    await first().deps.media.put(`private/masters/${SHOP.beat.productId}.wav`, SHOP_MASTER, { contentType: 'audio/wav', visibility: 'private' });
    await listShop(first().deps);
    await second().deps.projector.catchUp();

    const buyer = new ApiBrowser(first().baseUrl);
    expect((await buyer.json('POST', '/auth/register', registration({ email: 'bucket-buyer@example.com' }))).status).toBe(201);
    expect((await buyer.json('POST', '/ecommerce/cart', { product: SHOP.beat.productId, includeProjectFile: false })).status).toBe(200);
    const paid = await buyer.call('POST', '/ecommerce/orders/stripe', await asShown(buyer, { stripePaymentMethodId: 'pm_card_visa', coupon: null }));
    expect(paid.status).toBe(201);
    const order = (await paid.json()) as Order;
    const beat = order.downloads.find((download) => download.kind === 'beat')!;

    const onSecond = new ApiBrowser(second().baseUrl);
    for (const [name, value] of buyer.cookies) onSecond.cookies.set(name, value);
    const download = await onSecond.call('GET', beat.url.replace('/api/v1', ''));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Night Drive.wav"');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(SHOP_MASTER);
  });
});
