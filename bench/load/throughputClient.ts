import autocannon from 'autocannon';
import { array, assert, number, object, string } from 'superstruct';

/**
 * The load generator of the catalogue bench's HTTP row, run as its own process (`node --import
 * tsx bench/load/throughputClient.ts <plan as JSON>`) so that generating requests never competes
 * with the server for the same event loop. It prints one JSON line: the requests per second of each
 * path, `{ "rates": [...] }` in the plan's order.
 *
 * The paths take turns, slice after slice, so that noise on the machine hits them all alike. Only
 * the plan's loopback origin is asked, for a bounded time: slices × paths × sliceSeconds.
 */
const PlanSchema = object({
  origin: string(),
  paths: array(string()),
  slices: number(),
  sliceSeconds: number(),
  connections: number(),
});
type Plan = typeof PlanSchema.TYPE;

function assertLoopback(origin: string): void {
  const host = new URL(origin).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') throw new Error(`the throughput client only asks loopback, not ${host}`);
}

/** Requests per second for one path during one slice; any failed answer fails the run, so no rate counts errors. */
async function slice(plan: Plan, path: string): Promise<number> {
  const result = await autocannon({ url: `${plan.origin}${path}`, connections: plan.connections, duration: plan.sliceSeconds, timeout: 5 });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${path}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} answers not 2xx`);
  }
  return result.requests.total / result.duration;
}

async function main(): Promise<void> {
  const plan: unknown = JSON.parse(process.argv[2] ?? '{}');
  assert(plan, PlanSchema);
  assertLoopback(plan.origin);
  // One unmeasured slice per path first: the server's caches and the JIT warm up on it.
  for (const path of plan.paths) await slice(plan, path);
  const totals = plan.paths.map(() => 0);
  for (let round = 0; round < plan.slices; round++) {
    for (const [index, path] of plan.paths.entries()) totals[index]! += await slice(plan, path);
  }
  process.stdout.write(`${JSON.stringify({ rates: totals.map((total) => total / plan.slices) })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
