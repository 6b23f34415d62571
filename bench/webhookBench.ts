import path from 'node:path';
import { analyticsHead, storeAnalyticsEvents } from '../server/analytics/analyticsStore';
import { deliverWebhooks, WEBHOOK_BATCH_SIZE } from '../server/analytics/webhookDelivery';
import { registerWebhook } from '../server/analytics/webhookStore';
import { loadConfig } from '../server/config';
import { closeAppDeps, openAppDeps } from '../server/services';
import { startCommandedProcess } from './load/commandedProcess';
import { type Metric, standalone } from './metric';
import { median, percentile } from './stats';
import { syntheticAnalyticsEvents } from './syntheticAnalyticsEvents';
import { withTempDir } from './tempDir';

/** Events each pass delivers: a busy shop's few days. */
const EVENTS_PER_PASS = 10_000;
const PASSES = 3;
/** Events stored per transaction while the stream is filled (not measured). */
const FILL_CHUNK = 1_000;

/** The receiver's process (bench/load/webhookReceiver.ts): one JSON line per answer, its port first. */
async function startReceiver() {
  const receiver = startCommandedProcess(path.join(__dirname, 'load', 'webhookReceiver.ts'), { quit: 'stop' });
  const { port } = JSON.parse(await receiver.next()) as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks/beatcrate`,
    ask: async (command: string) => JSON.parse(await receiver.ask(command)) as Record<string, number>,
    stop: receiver.stop,
  };
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
          const events = syntheticAnalyticsEvents('hook', pass * EVENTS_PER_PASS + stored, FILL_CHUNK);
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
