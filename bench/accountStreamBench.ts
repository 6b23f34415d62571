import http from 'node:http';
import path from 'node:path';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { handleCommand } from '../server/domain/commandHandler';
import { producerDecider } from '../server/domain/producer/producerDecider';
import { producerStreamId } from '../server/domain/producer/producerEvents';
import { productDecider } from '../server/domain/product/productDecider';
import { productStreamId } from '../server/domain/product/productEvents';
import { DEMO_PRODUCERS, demoListings } from '../server/seed/demoCatalogue';
import { closeAppDeps, openAppDeps } from '../server/services';
import { registration } from '../test/helpers/accountClient';
import { compared, type Metric } from './metric';
import { median, timeMs } from './stats';
import { withTempDir } from './tempDir';
import { whileListening } from './whileListening';

const STREAMS = 2000;
const CHECKOUTS = 30;
const LEASES = 2 * CHECKOUTS + 5;

/**
 * The measurement: one buyer's checkouts (add, pay with the sandbox card, deliver) over
 * HTTP, with no account stream open and with 2000 open (of another account), one at a time.
 */
export async function accountStreamBench(progress: (line: string) => void): Promise<{ metrics: Metric[]; notes: string[] }> {
  return withTempDir('streams', async (dir) => {
    const config = {
      ...loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'streams.sqlite')}`, MEDIA_DIR: path.join(dir, 'media'), ACCOUNT_STREAMS_PER_ACCOUNT: String(STREAMS), CAPTCHA: 'off' }),
      port: 0,
    };
    const deps = await openAppDeps(config);
    try {
      const producer = DEMO_PRODUCERS[0]!;
      await handleCommand(deps.eventStore, producerStreamId(producer.producerId), producerDecider, { type: 'CreateProducerProfile', profile: producer });
      const leases = demoListings(LEASES).map((listing) => ({ ...listing, producerId: producer.producerId, exclusive: false }));
      for (const listing of leases) await handleCommand(deps.eventStore, productStreamId(listing.productId), productDecider, { type: 'ListProduct', listing });
      await deps.projector.catchUp();

      return await whileListening(createApp(deps, { assets: { scripts: [], styles: [] } }), async (origin) => {
        const base = `${origin}/api/v1`;
        const register = async (email: string) => {
          const response = await fetch(`${base}/auth/register`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(registration({ firstName: 'Bench', lastName: 'Buyer', email })),
          });
          if (response.status !== 201) throw new Error(`registration answered ${response.status}`);
          return response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
        };
        const buyer = await register('bench-buyer@example.com');
        const watcher = await register('bench-watcher@example.com');
        const post = async (pathName: string, body: unknown) => {
          const response = await fetch(`${base}${pathName}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: buyer }, body: JSON.stringify(body) });
          if (response.status >= 300) throw new Error(`${pathName} answered ${response.status}`);
          await response.arrayBuffer();
        };
        let next = 0;
        const checkouts = async () => {
          const times: number[] = [];
          for (let round = 0; round < CHECKOUTS; round++) {
            const product = leases[next++]!.productId;
            times.push(
              await timeMs(async () => {
                await post('/ecommerce/cart', { product, includeProjectFile: false });
                await post('/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_visa', coupon: null });
              }),
            );
          }
          return median(times);
        };

        progress(`account streams: ${CHECKOUTS} checkouts with no account stream open`);
        const alone = await checkouts();
        progress(`account streams: opening ${STREAMS} account streams`);
        const openStream = () =>
          new Promise<http.ClientRequest>((resolve, reject) => {
            const request = http.get(`${base}/account/sse`, { headers: { Cookie: watcher }, agent: false }, (response) => {
              response.resume();
              resolve(request);
            });
            request.on('error', reject);
          });
        const streams: http.ClientRequest[] = [];
        // A hundred at a time: 2000 connects at once overflow the listen backlog.
        while (streams.length < STREAMS) streams.push(...(await Promise.all(Array.from({ length: 100 }, openStream))));
        progress(`account streams: ${CHECKOUTS} checkouts with ${STREAMS} open`);
        const crowded = await checkouts();
        for (const stream of streams) stream.destroy();
        return {
          metrics: [compared(`checkout, HTTP, median: ${STREAMS} account streams open / none`, crowded, 'ms', alone, '≈ 1')],
          notes: [],
        };
      });
    } finally {
      await closeAppDeps(deps);
    }
  });
}
