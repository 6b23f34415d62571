import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/database';
import { handleCommand } from '../server/domain/commandHandler';
import { producerDecider } from '../server/domain/producer/producerDecider';
import { producerStreamId } from '../server/domain/producer/producerEvents';
import { productDecider } from '../server/domain/product/productDecider';
import { productStreamId } from '../server/domain/product/productEvents';
import { DEMO_PRODUCERS, demoSamplePacks } from '../server/seed/demoCatalogue';
import { closeAppDeps, openAppDeps } from '../server/services';
import { checkoutsInTurn, registerBuyer } from './benchBuyers';
import { compared, type Metric, standalone } from './metric';
import { median, percentile } from './stats';
import { withTempDir } from './tempDir';
import { whileListening } from './whileListening';

const TABS = 200;
const SHIP_INTERVAL_MS = 2_000;
const ENTRIES_PER_BATCH = 20;
/** Sample packs sell to a buyer again and again, so the checkouts never run out of products. */
const PACKS = 50;
/** Buyers taking turns at checkout (see below). */
const BUYERS = 40;
/**
 * Slices of checkouts without (A) and with (B) the tabs shipping, ABBA five times over: drift
 * (the WAL growing, the caches, other work on the machine) hits both alike. 1,000 checkouts each,
 * so p99 is the tenth slowest, not one unlucky pause.
 */
const SLICES = Array.from({ length: 5 }, () => ['none', 'tabs', 'tabs', 'none'] as const).flat();
const CHECKOUTS_PER_SLICE = 100;
/** From `ship` to the first measured checkout: every tab has sent once (their starts spread over one interval). */
const WARM_UP_MS = SHIP_INTERVAL_MS + 500;
const FLOOD_MS = 5_000;
/** The tabs' process's scheduling priority below the server's (nice(2)). */
const TABS_NICENESS = 10;

interface TabsReport {
  batches: number;
  entries: number;
  stored: number;
  resent: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
}

/** The tabs' process (bench/load/actionLogTabs.ts): commands in, one line per answer out. */
function startTabs(plan: Record<string, unknown>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'load', 'actionLogTabs.ts'), JSON.stringify(plan)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // The tabs stand for browsers elsewhere: on this machine they take the CPU the server leaves,
  // so that what the checkouts measure is the server's cost of the logs, not the senders'.
  if (child.pid !== undefined) os.setPriority(child.pid, TABS_NICENESS);
  const answers = readline.createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  answers.on('line', (line) => waiting.shift()?.(line));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const answer = () => new Promise<string>((resolve) => waiting.push(resolve));
  const tell = (command: string) => child.stdin.write(`${command}\n`);
  return {
    ship: () => tell('ship'),
    flood: () => tell('flood'),
    async pause() {
      const paused = answer();
      tell('pause');
      await paused;
    },
    async report(): Promise<TabsReport> {
      const line = answer();
      tell('report');
      return JSON.parse(await line) as TabsReport;
    },
    async stop() {
      if (child.exitCode === null) tell('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 12, "Where the log lives": buyers' checkouts (add, pay with the sandbox card, deliver)
 * over HTTP, one at a time, while 200 tabs of a separate process ship their action logs through
 * the real ingest endpoint (each a batch of 20 recorded actions every 2 s, with its ticket), and
 * while none do; then the ingest throughput, every tab sending its next batch as soon as the last
 * is answered. SQLite file, loopback only, bounded in count and time.
 */
export async function actionLogIngestBench(progress: (line: string) => void, options: { quick: boolean }): Promise<{ metrics: Metric[]; notes: string[] }> {
  // Quick: one round of the slices, a tenth of the checkouts, a shorter flood.
  const slices = options.quick ? SLICES.slice(0, 4) : SLICES;
  const checkoutsPerSlice = options.quick ? CHECKOUTS_PER_SLICE / 10 : CHECKOUTS_PER_SLICE;
  const floodMs = options.quick ? FLOOD_MS / 2.5 : FLOOD_MS;
  return withTempDir('ingest', async (dir) => {
    const config = {
      ...loadConfig({
        DATABASE_URL: `sqlite:${path.join(dir, 'ingest.sqlite')}`,
        MEDIA_DIR: path.join(dir, 'media'),
        CAPTCHA: 'off',
        // Every tab of the bench comes from 127.0.0.1: per-address limits would measure themselves.
        ACTION_LOG_BATCHES_PER_MINUTE: '1000000',
        ACTION_LOG_ENTRIES_PER_MINUTE: '100000000',
        REGISTRATIONS_PER_HOUR: '1000',
      }),
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

      return await whileListening(createApp(deps, { assets: { scripts: [], styles: [] } }), async (origin) => {
        const base = `${origin}/api/v1`;
        const buyers: string[] = [];
        for (let index = 0; index < BUYERS; index++) buyers.push((await registerBuyer(base, `bench-ingest-buyer-${index}@example.com`)).cookie);
        const checkout = checkoutsInTurn(base, buyers, packs.map((pack) => pack.productId));
        // The tickets the pages would have carried: issuing one writes nothing.
        const tickets = Array.from({ length: TABS }, () => deps.actionLogTickets.issue());
        const tabs = startTabs({ origin, tickets, intervalMs: SHIP_INTERVAL_MS, entriesPerBatch: ENTRIES_PER_BATCH });
        try {
          for (let round = 0; round < 10; round++) await checkout();
          const times = { none: [] as number[], tabs: [] as number[] };
          let shipping = false;
          let shippingSince = 0;
          let shippedMs = 0;
          for (const [index, slice] of slices.entries()) {
            if (slice === 'tabs' && !shipping) {
              progress(`action-log ingest: ${TABS} tabs start shipping a batch of ${ENTRIES_PER_BATCH} every ${SHIP_INTERVAL_MS / 1000} s`);
              tabs.ship();
              shipping = true;
              shippingSince = performance.now();
              await sleep(WARM_UP_MS);
            } else if (slice === 'none' && shipping) {
              await tabs.pause();
              shipping = false;
              shippedMs += performance.now() - shippingSince;
            }
            progress(`action-log ingest: slice ${index + 1}/${slices.length}, ${checkoutsPerSlice} checkouts with ${slice === 'tabs' ? `${TABS} tabs shipping` : 'no tab shipping'}`);
            for (let round = 0; round < checkoutsPerSlice; round++) times[slice].push(await checkout());
          }
          if (shipping) {
            await tabs.pause();
            shippedMs += performance.now() - shippingSince;
          }
          const shipped = await tabs.report();

          progress(`action-log ingest: ${TABS} tabs sending back to back for ${floodMs / 1000} s`);
          const storedBefore = await storedEntries(deps.actionLogs.query);
          const floodStarted = performance.now();
          tabs.flood();
          await sleep(floodMs);
          await tabs.pause();
          const floodSeconds = (performance.now() - floodStarted) / 1000;
          const flooded = await tabs.report();
          const storedInFlood = (await storedEntries(deps.actionLogs.query)) - storedBefore;

          const p99 = { none: percentile(times.none, 99), tabs: percentile(times.tabs, 99) };
          const statuses = (report: TabsReport) =>
            Object.entries(report.statuses)
              .map(([status, count]) => `${status}×${count}`)
              .join(' ');
          return {
            metrics: [
              compared(`checkout (add, pay with sandbox card, deliver), HTTP, p99: ${TABS} tabs shipping action logs / none`, p99.tabs, 'ms', p99.none, '< 1.10'),
              standalone(`action-log ingest, ${TABS} tabs sending back to back: entries stored`, storedInFlood / floodSeconds, 'entries/s'),
            ],
            notes: [
              `Action-log ingest: ${times.tabs.length} checkouts with the tabs shipping (median ${median(times.tabs).toFixed(1)} ms) and ${times.none.length} without (median ${median(times.none).toFixed(1)} ms); ` +
                `the tabs sent ${shipped.batches} batches in ${(shippedMs / 1000).toFixed(1)} s (${Math.round((shipped.batches * 1000) / shippedMs)} batches/s, ${Math.round((shipped.entries * 1000) / shippedMs)} entries/s), answered ${statuses(shipped)} (${shipped.resent} sent again on a new connection), ingest p50 ${shipped.p50.toFixed(1)} ms, p99 ${shipped.p99.toFixed(1)} ms; ` +
                `back to back: ${flooded.batches} batches answered ${statuses(flooded)}, ingest p99 ${flooded.p99.toFixed(1)} ms.`,
            ],
          };
        } finally {
          await tabs.stop();
        }
      });
    } finally {
      await closeAppDeps(deps);
    }
  });
}

async function storedEntries(query: Database['query']): Promise<number> {
  const row = await query.selectFrom('action_log_usage').select('entries').where('id', '=', 1).executeTakeFirst();
  return Number(row?.entries ?? 0);
}
