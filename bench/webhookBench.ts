import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { ANALYTICS_EVENT_NAMES } from '../shared/schemas/analytics';
import { analyticsHead, storeAnalyticsEvents } from '../server/analytics/analyticsStore';
import type { DerivedEvent, ProductFacts } from '../server/analytics/derivedEvent';
import { deliverWebhooks, WEBHOOK_BATCH_SIZE } from '../server/analytics/webhookDelivery';
import { registerWebhook } from '../server/analytics/webhookStore';
import { loadConfig } from '../server/config';
import { closeAppDeps, openAppDeps } from '../server/services';
import { type Metric, standalone } from './metric';
import { median, percentile } from './stats';
import { withTempDir } from './tempDir';

/** Events each pass delivers: a busy shop's few days. */
const EVENTS_PER_PASS = 10_000;
const PASSES = 3;
/** Events stored per transaction while the stream is filled (not measured). */
const FILL_CHUNK = 1_000;

/** The receiver's process (bench/load/webhookReceiver.ts): one JSON line per answer. */
async function startReceiver() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'load', 'webhookReceiver.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  const { port } = JSON.parse(await next()) as { port: number };
  const ask = async (command: string) => {
    const answer = next();
    child.stdin.write(`${command}\n`);
    return JSON.parse(await answer) as Record<string, number>;
  };
  return {
    url: `http://127.0.0.1:${port}/hooks/beatcrate`,
    ask,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.write('stop\n');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Events of the stream's real shapes (a product's fields, a cart's pseudonym), derived from nothing. */
function syntheticEvents(from: number, count: number): DerivedEvent[] {
  const product: ProductFacts = { productId: 7, producerId: 2, name: 'Velvet Hearts Kit', category: 'sample pack', brand: 'Hexa Blue', priceCents: 25_000 };
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return {
      messageId: `hook_${n}`,
      event: ANALYTICS_EVENT_NAMES[n % ANALYTICS_EVENT_NAMES.length]!,
      source: 'server',
      occurredAt: new Date(Date.UTC(2026, 10, 1) + n * 25_000),
      userId: `u_bench${String(n % 500).padStart(17, '0')}`,
      anonymousId: null,
      product,
      properties: { product_id: '7', name: product.name, category: product.category, brand: product.brand, price: 250, quantity: 1, currency: 'USD', cart_id: `c_${n % 500}` },
    };
  });
}

/**
 * Issue 13's row "webhook deliveries per second": a webhook registered at the stream's head, then
 * EVENTS_PER_PASS events stored, then the delivery job run (as the job runner runs it) until the
 * webhook's cursor reaches the head: events per second as the receiver, a process of its own on
 * loopback, verifies and acknowledges them. Batches go one after another, each waiting for the
 * answer to the one before (strict order), so the figure is one receiver's: every signed POST's
 * round trip plus the two writes that log it and move the cursor (SQLite, synchronous=FULL).
 */
export async function webhookBench(progress: (line: string) => void): Promise<{ metrics: Metric[]; notes: string[] }> {
  progress(`webhooks: ${PASSES} passes of ${EVENTS_PER_PASS} events in batches of ${WEBHOOK_BATCH_SIZE} to a receiver in another process`);
  return withTempDir('webhooks', async (dir) => {
    const config = { ...loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'webhooks.sqlite')}`, MEDIA_DIR: path.join(dir, 'media'), CAPTCHA: 'off' }), port: 0 };
    const deps = await openAppDeps(config);
    const receiver = await startReceiver();
    try {
      const rates: number[] = [];
      const roundTrips: number[] = [];
      for (let pass = 0; pass < PASSES; pass++) {
        const { webhook, secret } = await registerWebhook(deps, { kind: 'admin', userId: 1 }, { url: receiver.url });
        await receiver.ask(`secret ${secret}`);
        for (let stored = 0; stored < EVENTS_PER_PASS; stored += FILL_CHUNK) {
          const events = syntheticEvents(pass * EVENTS_PER_PASS + stored, FILL_CHUNK);
          await deps.database.transaction((tx) => storeAnalyticsEvents(tx, deps.database.kind, events, new Date()));
        }
        const head = await analyticsHead(deps.database.query);
        const started = performance.now();
        for (;;) {
          await deliverWebhooks(deps, new AbortController().signal);
          const row = await deps.database.query.selectFrom('analytics_webhooks').select('delivered_through').where('id', '=', webhook.id).executeTakeFirstOrThrow();
          if (Number(row.delivered_through) >= head) break;
        }
        const seconds = (performance.now() - started) / 1000;
        rates.push(EVENTS_PER_PASS / seconds);
        const attempts = await deps.database.query.selectFrom('analytics_webhook_deliveries').select(['duration_ms', 'status_code']).where('webhook_id', '=', webhook.id).execute();
        if (attempts.some((attempt) => attempt.status_code !== 204)) throw new Error('The receiver refused a delivery');
        roundTrips.push(...attempts.map((attempt) => Number(attempt.duration_ms)));
        await deps.database.transaction((tx) => tx.updateTable('analytics_webhooks').set({ deleted_at: Date.now() }).where('id', '=', webhook.id).execute());
        progress(`webhooks: pass ${pass + 1}: ${Math.round(EVENTS_PER_PASS / seconds)} events/s`);
      }
      const report = await receiver.ask('report');
      if (report.events !== PASSES * EVENTS_PER_PASS || report.refused !== 0 || report.outOfOrder !== 0) {
        throw new Error(`The receiver got ${JSON.stringify(report)}, not ${PASSES * EVENTS_PER_PASS} events in order`);
      }
      return {
        metrics: [standalone(`webhook deliveries: events per second to a receiver in another process (batches of ${WEBHOOK_BATCH_SIZE}, signed and verified), median of ${PASSES}`, median(rates), 'events/s')],
        notes: [
          `Webhook deliveries (bench/webhookBench.ts): ${report.posts} POSTs of up to ${WEBHOOK_BATCH_SIZE} events, all verified by the receiver with standardwebhooks and in order; a POST's round trip p50 ${median(roundTrips)} ms, p99 ${percentile(roundTrips, 99)} ms; passes ${rates.map((rate) => Math.round(rate)).join(', ')} events/s.`,
        ],
      };
    } finally {
      await receiver.stop();
      await closeAppDeps(deps);
    }
  });
}
