import { type ChildProcessByStdio, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import express from 'express';
import type { ServerResponse } from 'node:http';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { handleCommand } from '../server/domain/commandHandler';
import { producerDecider } from '../server/domain/producer/producerDecider';
import { producerStreamId } from '../server/domain/producer/producerEvents';
import { productDecider } from '../server/domain/product/productDecider';
import { productStreamId } from '../server/domain/product/productEvents';
import { userDecider } from '../server/domain/user/userDecider';
import { userStreamId } from '../server/domain/user/userEvents';
import { DEMO_PRODUCERS, demoListings } from '../server/seed/demoCatalogue';
import { closeAppDeps, openAppDeps } from '../server/services';
import { payCartAs, postAs, registerBuyer } from './benchBuyers';
import type { Chart } from './charts';
import { compared, type Metric, standalone } from './metric';
import type { BenchOptions } from './run';
import { median, percentile, timeMs } from './stats';
import { withTempDir } from './tempDir';
import { whileListening } from './whileListening';

interface Sizes {
  /** Open streams at which memory and fan-out are measured; the last is the row's. */
  levels: number[];
  /** Events sent at each level below the last, and at the last. */
  eventsPerLevel: number;
  eventsAtTop: number;
  checkouts: number;
}

const FULL: Sizes = { levels: [0, 1000, 2500, 5000, 10_000], eventsPerLevel: 2, eventsAtTop: 5, checkouts: 60 };
const QUICK: Sizes = { levels: [0, 250, 500, 1000], eventsPerLevel: 1, eventsAtTop: 3, checkouts: 10 };
const WARM_UP_CHECKOUTS = 3;
/** Connects in flight at once: well under the listen backlog (511 on Node's default). */
const OPEN_BATCH = 200;
/** How long one event may take to reach every stream before the stragglers count as missing. */
const FAN_OUT_TIMEOUT_MS = 20_000;
/** The clients' process exits by itself after this, whatever happens to the bench. */
const CLIENT_MAX_SECONDS = 600;

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes of one machine. */
const now = () => performance.timeOrigin + performance.now();

/**
 * A full collection before reading memory. `npm run bench` runs without `--expose-gc`; V8 still
 * lets a running process turn the flag on and hands out `gc` to contexts made after that.
 */
function collector(): (() => void) | null {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
}

const MiB = 1024 * 1024;

/** bench/load/sseClients.ts in its own process: one JSON command per line in, one JSON answer per line out. */
class SseClients {
  private readonly child: ChildProcessByStdio<Writable, Readable, null>;
  private readonly lines: string[] = [];
  private waiting: ((line: string) => void) | null = null;
  private exited: Error | null = null;

  constructor(plan: { origin: string; path: string; cookie: string }) {
    this.child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'load', 'sseClients.ts'), JSON.stringify({ ...plan, batch: OPEN_BATCH, maxSeconds: CLIENT_MAX_SECONDS })],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    readline.createInterface({ input: this.child.stdout }).on('line', (line) => {
      if (this.waiting) {
        const waiting = this.waiting;
        this.waiting = null;
        waiting(line);
      } else this.lines.push(line);
    });
    this.child.once('exit', (code, signal) => {
      this.exited = new Error(`the SSE clients' process exited (${code ?? signal})`);
      this.waiting?.('');
    });
  }

  send(command: Record<string, unknown>): void {
    this.child.stdin.write(`${JSON.stringify(command)}\n`);
  }

  /** The next answer line, parsed. */
  async next<T>(): Promise<T> {
    const line = this.lines.shift() ?? (this.exited ? '' : await new Promise<string>((resolve) => (this.waiting = resolve)));
    if (line === '' && this.exited) throw this.exited;
    return JSON.parse(line) as T;
  }

  async ask<T>(command: Record<string, unknown>): Promise<T> {
    this.send(command);
    return this.next<T>();
  }

  /** Asks it to close every stream and exit; kills it if it has not within 5 s. */
  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.send({ cmd: 'close' });
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * The machine's floor for the fan-out row, measured the same way: a bare HTTP server in this
 * process holds `streams` event-stream responses and writes one prepared `data:` line to each in a
 * single loop, and the same clients' process reads them. No session, no event store, no fold: what
 * is left is the write system calls and the clients' reading of thousands of sockets.
 */
async function bareFanOut(streams: number, events: number): Promise<number[]> {
  const responses = new Set<ServerResponse>();
  const app = express();
  app.get('/sse', (_request, response) => {
    response.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' }).flushHeaders();
    responses.add(response);
    response.on('close', () => responses.delete(response));
  });
  return whileListening(app, async (origin) => {
    const clients = new SseClients({ origin, path: '/sse', cookie: '' });
    try {
      const { open } = await clients.ask<{ open: number }>({ cmd: 'open', total: streams });
      if (open < streams) throw new Error(`only ${open} of ${streams} bare streams opened`);
      const delays: number[] = [];
      for (let event = 0; event < events; event++) {
        const marker = `Bare${event}`;
        clients.send({ cmd: 'expect', marker, timeoutMs: FAN_OUT_TIMEOUT_MS });
        await clients.next<{ armed: true }>();
        const triggered = now();
        const line = Buffer.from(`data: ${JSON.stringify({ marker })}\n\n`);
        for (const response of responses) response.write(line);
        const { arrivals, missing } = await clients.next<{ arrivals: number[]; missing: number }>();
        if (missing > 0) throw new Error(`${missing} bare streams missed an event`);
        delays.push(...arrivals.map((arrival) => arrival - triggered));
      }
      return delays;
    } finally {
      await clients.stop();
    }
  });
}

/**
 * The issue's measurement: idle account streams (`GET /api/v1/account/sse`) of one account, held
 * by a separate process (bench/load/sseClients.ts) against the app on loopback, up to 10,000 (1000
 * with `quick`). At each level: the server's memory growth over none open (after a full
 * collection) and how long one announced event of the account (a profile change, appended in the
 * server's process) takes to reach every stream. Then one buyer's checkouts over HTTP with all of
 * them open, against the same checkouts with none open, half before opening them and half after
 * closing them.
 */
export async function accountStreamBench(progress: (line: string) => void, options: BenchOptions = { quick: false }): Promise<{ metrics: Metric[]; notes: string[]; charts: Chart[] }> {
  const sizes = options.quick ? QUICK : FULL;
  const top = sizes.levels[sizes.levels.length - 1]!;
  const leaseCount = 3 * sizes.checkouts + WARM_UP_CHECKOUTS + 5;
  return withTempDir('streams', async (dir) => {
    const config = {
      ...loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'streams.sqlite')}`, MEDIA_DIR: path.join(dir, 'media'), ACCOUNT_STREAMS_PER_ACCOUNT: String(top + 100), CAPTCHA: 'off' }),
      port: 0,
    };
    const deps = await openAppDeps(config);
    try {
      const producer = DEMO_PRODUCERS[0]!;
      await handleCommand(deps.eventStore, producerStreamId(producer.producerId), producerDecider, { type: 'CreateProducerProfile', profile: producer });
      const leases = demoListings(leaseCount).map((listing) => ({ ...listing, producerId: producer.producerId, exclusive: false }));
      for (const listing of leases) await handleCommand(deps.eventStore, productStreamId(listing.productId), productDecider, { type: 'ListProduct', listing });
      await deps.projector.catchUp();

      return await whileListening(createApp(deps, { assets: { scripts: [], styles: [] } }), async (origin) => {
        const base = `${origin}/api/v1`;
        const buyer = await registerBuyer(base, 'bench-buyer@example.com');
        const watcher = await registerBuyer(base, 'bench-watcher@example.com');
        let next = 0;
        const checkouts = async (rounds: number) => {
          const times: number[] = [];
          for (let round = 0; round < rounds; round++) {
            const product = leases[next++]!.productId;
            times.push(
              await timeMs(async () => {
                await postAs(base, buyer.cookie, '/ecommerce/cart', { product, includeProjectFile: false });
                await payCartAs(base, buyer.cookie);
              }),
            );
          }
          return times;
        };

        await checkouts(WARM_UP_CHECKOUTS);
        progress(`account streams: ${sizes.checkouts} checkouts with no account stream open`);
        const alone = await checkouts(Math.ceil(sizes.checkouts / 2));

        const gc = collector();
        const memory = async () => {
          for (let pass = 0; pass < 2; pass++) {
            gc?.();
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          const usage = process.memoryUsage();
          return { rss: usage.rss / MiB, heap: usage.heapUsed / MiB, heapTotal: usage.heapTotal / MiB, external: (usage.external + usage.arrayBuffers) / MiB };
        };

        const clients = new SseClients({ origin, path: '/api/v1/account/sse', cookie: watcher.cookie });
        try {
          // The two processes read one wall clock; this shows how far apart their readings are.
          const skews: number[] = [];
          for (let probe = 0; probe < 5; probe++) {
            const sent = now();
            const { now: theirs } = await clients.ask<{ now: number }>({ cmd: 'clock' });
            skews.push(theirs - (sent + now()) / 2);
          }
          const skew = median(skews);

          let round = 0;
          /** One profile change of the watcher; the delay of its arrival on every open stream. */
          const fanOut = async (open: number) => {
            const marker = `Fan${++round}x${open}`;
            clients.send({ cmd: 'expect', marker, timeoutMs: FAN_OUT_TIMEOUT_MS });
            await clients.next<{ armed: true }>();
            const busyBefore = performance.eventLoopUtilization();
            const triggered = now();
            await handleCommand(deps.eventStore, userStreamId(watcher.id), userDecider, {
              type: 'ChangeProfile',
              userId: watcher.id,
              details: { firstName: marker, lastName: 'Watcher', country: 'Germany', countryShortName: 'DE', socialNetwork: null },
            });
            const { arrivals, missing } = await clients.next<{ arrivals: number[]; missing: number }>();
            const busy = performance.eventLoopUtilization(busyBefore);
            return { delays: arrivals.map((arrival) => arrival - triggered), missing, serverBusyMs: busy.active, lastArrivalMs: Math.max(...arrivals) - triggered };
          };

          const baseline = await memory();
          const memoryPoints: Array<{ x: number; y: number }> = [];
          const fanOutPoints: Array<{ x: number; y: number }> = [];
          const levelNotes: string[] = [];
          let topDelays: number[] = [];
          let topMissing = 0;
          let growth = 0;
          for (const level of sizes.levels) {
            if (level > 0) {
              progress(`account streams: opening streams up to ${level} (from a separate process)`);
              const started = performance.now();
              const { open, failed } = await clients.ask<{ open: number; failed: number }>({ cmd: 'open', total: level });
              if (open < level) throw new Error(`only ${open} of ${level} account streams opened`);
              levelNotes.push(`${level}: opened in ${((performance.now() - started) / 1000).toFixed(1)} s${failed > 0 ? ` (${failed} connects retried)` : ''}`);
            }
            const measured = await memory();
            growth = measured.rss - baseline.rss;
            memoryPoints.push({ x: level, y: Number(growth.toFixed(1)) });
            if (level === 0) continue;
            const events = level === top ? sizes.eventsAtTop : sizes.eventsPerLevel;
            const delays: number[] = [];
            const busy: number[] = [];
            let missing = 0;
            for (let event = 0; event < events; event++) {
              const result = await fanOut(level);
              delays.push(...result.delays);
              busy.push(result.serverBusyMs);
              missing += result.missing;
            }
            const p99 = percentile(delays, 99);
            fanOutPoints.push({ x: level, y: Number(p99.toFixed(1)) });
            levelNotes[levelNotes.length - 1] += `, memory +${growth.toFixed(1)} MiB (V8 heap used +${(measured.heap - baseline.heap).toFixed(1)}, reserved +${(measured.heapTotal - baseline.heapTotal).toFixed(1)}, buffers +${(measured.external - baseline.external).toFixed(1)}), server busy ${median(busy).toFixed(0)} ms per event, fan-out first ${Math.min(...delays).toFixed(1)} ms p50 ${median(delays).toFixed(1)} ms p99 ${p99.toFixed(1)} ms max ${Math.max(...delays).toFixed(1)} ms${missing > 0 ? `, ${missing} arrivals missing after ${FAN_OUT_TIMEOUT_MS} ms` : ''}`;
            progress(`account streams: ${levelNotes[levelNotes.length - 1]}`);
            if (level === top) {
              topDelays = delays;
              topMissing = missing;
            }
          }

          progress(`account streams: ${sizes.checkouts} checkouts with ${top} open`);
          const crowded = await checkouts(sizes.checkouts);
          // The baseline is taken before and after, so drift (warming up, other work on the machine) weighs on both sides.
          await clients.stop();
          await new Promise((resolve) => setTimeout(resolve, 500));
          progress(`account streams: ${sizes.checkouts} checkouts with the streams closed again`);
          alone.push(...(await checkouts(Math.ceil(sizes.checkouts / 2))));
          progress(`account streams: the floor, a bare HTTP server writing one line to ${top} streams`);
          const floor = await bareFanOut(top, sizes.eventsAtTop);
          const heartbeatNote =
            deps.config.accountStreamHeartbeatMs < 600_000
              ? ` Each stream's heartbeat (every ${deps.config.accountStreamHeartbeatMs / 1000} s) ran during the run.`
              : '';
          // A missing arrival counts as never arriving: the p99 is then infinite, not the best of those that came.
          const fanOutP99 = topMissing > 0 ? Number.POSITIVE_INFINITY : percentile(topDelays, 99);

          const metrics: Metric[] = [
            { ...standalone(`account streams: server memory growth with ${top} idle streams open`, growth, 'MiB'), target: '< 200' },
            { ...standalone(`account streams: one event to all ${top} streams, p99 of ${sizes.eventsAtTop} events`, fanOutP99, 'ms'), target: '< 100' },
            compared(`  the same p99: ours / a bare HTTP server writing one prepared line to each (the machine's floor)`, fanOutP99, 'ms', percentile(floor, 99), null),
            compared(`checkout, HTTP, median: ${top} account streams open / none`, median(crowded), 'ms', median(alone), '≈ 1'),
            compared(`checkout, HTTP, p99: ${top} account streams open / none`, percentile(crowded, 99), 'ms', percentile(alone, 99), null),
          ];
          const notes = [
            `Account streams: the ${top} streams belong to one account and are held by bench/load/sseClients.ts in its own process; the app serves them on loopback in the bench's process, whose RSS is the memory measured${gc ? ' after a full collection' : ' (no collection was possible: the growth includes garbage)'}. A fan-out delay is from just before the append of a profile change to the \`data:\` line's arrival in the clients' process, both read from the machine's wall clock (median skew between the two processes' readings ${skew.toFixed(3)} ms).${heartbeatNote} Per level: ${levelNotes.join('; ')}. Load average at the end ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cpus (other work on the machine shows in every time here).`,
          ];
          const charts: Chart[] = [
            {
              slug: 'account-stream-clients',
              title: 'SSE clients: idle account streams in one server',
              xLabel: 'open account streams',
              yLabel: 'MiB / ms',
              series: [
                { name: 'memory growth (MiB)', points: memoryPoints },
                { name: 'fan-out p99 (ms)', points: fanOutPoints },
              ],
            },
          ];
          return { metrics, notes, charts };
        } finally {
          await clients.stop();
        }
      });
    } finally {
      await closeAppDeps(deps);
    }
  });
}
