import path from 'node:path';
import { createAnalyticsKey } from '../server/analytics/analyticsKeys';
import { storeAnalyticsEvents } from '../server/analytics/analyticsStore';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { handleCommand } from '../server/domain/commandHandler';
import { producerDecider } from '../server/domain/producer/producerDecider';
import { producerStreamId } from '../server/domain/producer/producerEvents';
import { productDecider } from '../server/domain/product/productDecider';
import { productStreamId } from '../server/domain/product/productEvents';
import { DEMO_PRODUCERS, demoSamplePacks } from '../server/seed/demoCatalogue';
import { closeAppDeps, openAppDeps } from '../server/services';
import { checkoutsInTurn, registerBuyer } from './benchBuyers';
import { startCommandedProcess } from './load/commandedProcess';
import { compared, type Metric, standalone } from './metric';
import { median, percentile } from './stats';
import { syntheticAnalyticsEvents } from './syntheticAnalyticsEvents';
import { withTempDir } from './tempDir';
import { whileListening } from './whileListening';

const PACKS = 30;
const BUYERS = 30;
/** Slices of checkouts without (A) and with (B) the stream derived and a consumer reading it, ABBA four times over. */
const SLICES = Array.from({ length: 4 }, () => ['none', 'consumer', 'consumer', 'none'] as const).flat();
const CHECKOUTS_PER_SLICE = 60;
/** The stream the read rows page through: as many events as a month of a busy shop. */
const STREAM_EVENTS = 100_000;
const PAGE = 1_000;
/** The consumer stands for a warehouse loader elsewhere: on this machine it takes the CPU the server leaves. */
const CONSUMER_NICENESS = 10;

/** The consumer's process (bench/load/analyticsConsumer.ts): commands in, one JSON line per answer out. */
function startConsumer(plan: { origin: string; key: string; pageSize: number }) {
  const consumer = startCommandedProcess(path.join(__dirname, 'load', 'analyticsConsumer.ts'), { args: [JSON.stringify(plan)], niceness: CONSUMER_NICENESS, quit: 'exit' });
  return {
    ask: async (command: string) => JSON.parse(await consumer.ask(command)) as { events: number; seconds?: number },
    stop: consumer.stop,
  };
}

/**
 * Issue 13's rows: how fast a consumer reads the stream through the API (one reader, and four at
 * once), and what deriving the stream costs the buyers: checkout p99 with the derivation running
 * and a consumer tailing it (SSE and paging), against neither. SQLite file, loopback only.
 */
export async function analyticsBench(progress: (line: string) => void, options: { quick: boolean }): Promise<{ metrics: Metric[]; notes: string[] }> {
  // Quick: one round of the slices, a quarter of the checkouts, a fifth of the stream.
  const slices = options.quick ? SLICES.slice(0, 4) : SLICES;
  const checkoutsPerSlice = options.quick ? CHECKOUTS_PER_SLICE / 4 : CHECKOUTS_PER_SLICE;
  const streamEvents = options.quick ? STREAM_EVENTS / 5 : STREAM_EVENTS;
  return withTempDir('analytics', async (dir) => {
    const config = {
      ...loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'analytics.sqlite')}`, MEDIA_DIR: path.join(dir, 'media'), CAPTCHA: 'off', REGISTRATIONS_PER_HOUR: '1000' }),
      port: 0,
    };
    const deps = await openAppDeps(config);
    try {
      const producer = DEMO_PRODUCERS[0]!;
      await handleCommand(deps.eventStore, producerStreamId(producer.producerId), producerDecider, { type: 'CreateProducerProfile', profile: producer });
      const kinds = demoSamplePacks(1);
      const packs = Array.from({ length: PACKS }, (_, index) => ({ ...kinds[index % kinds.length]!, productId: index + 1, producerId: producer.producerId }));
      for (const listing of packs) await handleCommand(deps.eventStore, productStreamId(listing.productId), productDecider, { type: 'ListProduct', listing });
      await deps.projector.catchUp();
      const { key } = await createAnalyticsKey(deps.database, { name: 'bench', scopes: ['events:read'], by: null, now: deps.clock.now() });

      return await whileListening(createApp(deps, { assets: { scripts: [], styles: [] } }), async (origin) => {
        const base = `${origin}/api/v1`;
        const buyers: string[] = [];
        for (let index = 0; index < BUYERS; index++) buyers.push((await registerBuyer(base, `bench-analytics-${index}@example.com`)).cookie);
        const checkout = checkoutsInTurn(base, buyers, packs.map((pack) => pack.productId));

        const consumer = startConsumer({ origin, key, pageSize: PAGE });
        try {
          for (let round = 0; round < 10; round++) await checkout();
          const times = { none: [] as number[], consumer: [] as number[] };
          let deriving = true;
          let tailed = 0;
          for (const [index, slice] of slices.entries()) {
            if (slice === 'none' && deriving) {
              await deps.analytics.projector.stop();
              if (index > 0) tailed += (await consumer.ask('stop')).events;
              deriving = false;
            } else if (slice === 'consumer' && !deriving) {
              await deps.analytics.projector.start();
              await consumer.ask('tail');
              deriving = true;
            }
            progress(`analytics: slice ${index + 1}/${slices.length}, ${checkoutsPerSlice} checkouts ${slice === 'none' ? 'with no derivation and no consumer' : 'derived and read by a consumer'}`);
            for (let round = 0; round < checkoutsPerSlice; round++) times[slice].push(await checkout());
          }
          if (deriving) tailed += (await consumer.ask('stop')).events;
          else await deps.analytics.projector.start();

          progress(`analytics: filling the stream to ${streamEvents.toLocaleString('en-US')} events`);
          const stored = await deps.database.query.selectFrom('analytics_events').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
          for (let from = Number(stored.count); from < streamEvents; from += PAGE) {
            const batch = syntheticAnalyticsEvents('bench', from, Math.min(PAGE, streamEvents - from));
            await deps.database.transaction((tx) => storeAnalyticsEvents(tx, deps.database.kind, batch, deps.clock.now()));
          }
          progress(`analytics: one consumer, then four at once, read the stream from the start in pages of ${PAGE}`);
          const one = await consumer.ask('read 1');
          const four = await consumer.ask('read 4');
          const p99 = { none: percentile(times.none, 99), consumer: percentile(times.consumer, 99) };
          return {
            metrics: [
              standalone(`analytics stream read through the API, one consumer paging ${PAGE} at a time`, one.events / one.seconds!, 'events/s'),
              standalone('… four consumers at once, all of them together', four.events / four.seconds!, 'events/s'),
              // The row bounds what deriving and reading the stream adds to a checkout: a faster run with them is noise, not a cost.
              compared('checkout (add, pay with sandbox card, deliver), HTTP, p99: stream derived and read by a consumer / neither', p99.consumer, 'ms', p99.none, '<= 1.10'),
            ],
            notes: [
              `Analytics: ${times.consumer.length} checkouts with the stream derived and a consumer tailing it over SSE and paging it (median ${median(times.consumer).toFixed(1)} ms), ${times.none.length} with neither (median ${median(times.none).toFixed(1)} ms); the consumer received ${tailed} events while it tailed; the read rows page through ${one.events.toLocaleString('en-US')} events.`,
            ],
          };
        } finally {
          await consumer.stop();
        }
      });
    } finally {
      await closeAppDeps(deps);
    }
  });
}
