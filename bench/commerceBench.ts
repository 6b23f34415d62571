import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createApp } from '../server/app';
import { handleCommand } from '../server/domain/commandHandler';
import { producerDecider } from '../server/domain/producer/producerDecider';
import { producerStreamId } from '../server/domain/producer/producerEvents';
import { productDecider } from '../server/domain/product/productDecider';
import { productStreamId } from '../server/domain/product/productEvents';
import { loadConfig } from '../server/config';
import { cartEndpoints } from '../server/http/cartEndpoints';
import { DEMO_PRODUCERS, demoSamplePacks } from '../server/seed/demoCatalogue';
import { closeAppDeps, openAppDeps } from '../server/services';
import { payCartAs, postAs, registerBuyer } from './benchBuyers';
import { throughput } from './httpThroughput';
import { compared, type Metric } from './metric';
import { percentile, timeMs } from './stats';
import { withTempDir } from './tempDir';
import { whileListening } from './whileListening';

/** Sample packs sell to every buyer, so the checkouts never run out of products (a beat sells once). */
const PACKS = 50;
const CARTS = 100;
const ADDS_PER_CART = 5;
const BUYERS = 8;
const CHECKOUT_MS = 4_000;
const HEALTH_MS = 1_000;

const addToCart = cartEndpoints.find((endpoint) => endpoint.method === 'POST' && endpoint.path === '/ecommerce/cart')!;

/**
 * Checkout rows: a cart add in-process (the endpoint object the router mounts, no HTTP) against a
 * raw event append, and whole checkouts (add to cart, pay with the sandbox card, deliver) over
 * HTTP against GET /health.
 */
export async function commerceBench(progress: (line: string) => void): Promise<{ metrics: Metric[]; notes: string[] }> {
  return withTempDir('commerce', async (dir) => {
    // A scripted check: the buyers register without the captcha a person solves in the browser.
    const config = { ...loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'commerce.sqlite')}`, MEDIA_DIR: path.join(dir, 'media'), CAPTCHA: 'off' }), port: 0 };
    const deps = await openAppDeps(config);
    try {
      const producer = DEMO_PRODUCERS[0]!;
      await handleCommand(deps.eventStore, producerStreamId(producer.producerId), producerDecider, { type: 'CreateProducerProfile', profile: producer });
      const kinds = demoSamplePacks(1);
      const packs = Array.from({ length: PACKS }, (_, index) => ({ ...kinds[index % kinds.length]!, productId: index + 1, producerId: producer.producerId }));
      for (const listing of packs) await handleCommand(deps.eventStore, productStreamId(listing.productId), productDecider, { type: 'ListProduct', listing });
      await deps.projector.catchUp();

      progress(`commerce: ${CARTS} guest carts x ${ADDS_PER_CART} adds in-process, against raw appends`);
      const adds: number[] = [];
      const appends: number[] = [];
      for (let cart = 0; cart < CARTS; cart++) {
        const context = { ip: '127.0.0.1', cookies: { beatcrate_cart: randomBytes(32).toString('base64url') }, headers: {}, session: null };
        for (let add = 0; add < ADDS_PER_CART; add++) {
          const product = packs[(cart * ADDS_PER_CART + add) % PACKS]!.productId;
          adds.push(await timeMs(() => addToCart.handle({ params: {}, query: {}, body: { product, includeProjectFile: false }, context }, deps).then(() => undefined)));
          appends.push(
            await timeMs(() =>
              deps.eventStore
                .append(`bench-${cart}`, [{ type: 'CartItemAdded', data: { productId: product, includeProjectFile: false } }], { expectedVersion: add })
                .then(() => undefined),
            ),
          );
        }
      }
      const metrics = [compared('cart add, in-process, p99 / raw event append p99', percentile(adds, 99), 'ms', percentile(appends, 99), null)];

      progress(`commerce: ${BUYERS} buyers checking out with the sandbox card for ${CHECKOUT_MS / 1000} s, against GET /health`);
      const app = createApp(deps, { assets: { scripts: [], styles: [] } });
      let orders = 0;
      let health = 0;
      await whileListening(app, async (origin) => {
        const base = `${origin}/api/v1`;
        const cookies = await Promise.all(Array.from({ length: BUYERS }, async (_, index) => (await registerBuyer(base, `bench${index}@example.com`)).cookie));
        health = await throughput(`${base}/health`, HEALTH_MS);
        const until = performance.now() + CHECKOUT_MS;
        const started = performance.now();
        await Promise.all(
          cookies.map(async (cookie, buyer) => {
            for (let round = 0; performance.now() < until; round++) {
              await postAs(base, cookie, '/ecommerce/cart', { product: packs[(buyer + round * BUYERS) % PACKS]!.productId, includeProjectFile: false });
              const order = await payCartAs(base, cookie);
              if (order.status !== 'paid') throw new Error(`checkout ended ${order.status}`);
              orders++;
            }
          }),
        );
        const elapsed = (performance.now() - started) / 1000;
        metrics.push(compared('checkout (add, pay with sandbox card, deliver), HTTP / GET /api/v1/health', orders / elapsed, 'orders/s', health, null));
      });
      return { metrics, notes: [`checkout: ${orders} orders paid and delivered by ${BUYERS} buyers in parallel.`] };
    } finally {
      await closeAppDeps(deps);
    }
  });
}
