import autocannon from 'autocannon';
import { assert, number, object, string } from 'superstruct';
import { percentile } from '../stats';
import { runSpread } from './spreadLoad';

/**
 * The render bench's HTTP load, run as its own process (`node --import tsx
 * bench/load/pageLoadClient.ts <plan as JSON>`) so that making requests never competes with the
 * server for its event loop. One page, asked for as a browser asks (brotli): first at full speed
 * from `connections` connections (the peak), then held at half that rate from as many
 * independent connections (the latency a shop lives with). Prints one JSON line.
 */
const PlanSchema = object({ origin: string(), path: string(), seconds: number(), connections: number() });

const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html' };

async function main(): Promise<void> {
  const plan: unknown = JSON.parse(process.argv[2] ?? '{}');
  assert(plan, PlanSchema);
  const host = new URL(plan.origin).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`the page load client only asks loopback, not ${host}`);
  const page: autocannon.Request[] = [{ method: 'GET', path: plan.path, headers: BROWSER_HEADERS }];
  // Unmeasured: the server's caches and the JIT warm up.
  await autocannon({ url: plan.origin, connections: plan.connections, duration: 1, requests: page });
  const peak = await autocannon({ url: plan.origin, connections: plan.connections, duration: plan.seconds, requests: page });
  const peakRate = peak.requests.total / peak.duration;
  const half = await runSpread(plan, Math.max(1, Math.round(peakRate / 2)), Array.from({ length: plan.connections }, () => page));
  const errors = peak.errors + peak.timeouts + peak.non2xx + half.summary.errors + half.summary.timeouts + half.summary.non2xx;
  process.stdout.write(`${JSON.stringify({ peak: peakRate, p50AtHalf: percentile(half.latencies, 50), p99AtHalf: percentile(half.latencies, 99), errors })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
