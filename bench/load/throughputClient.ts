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
 *
 * A path holding `{low}` and `{high}` is a new query on every request: they count up through
 * 9,600 BPM ranges (low 60–139, high 140–199, alternately hiding sold beats or not), so the server
 * computes each answer instead of serving a kept one.
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
  const distinct = path.includes('{low}');
  const result = await autocannon({
    url: `${plan.origin}${path}`,
    connections: plan.connections,
    duration: plan.sliceSeconds,
    timeout: 5,
    ...(distinct ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: distinctPath(path) }) }] } : {}),
  });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${path}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} answers not 2xx`);
  }
  return result.requests.total / result.duration;
}

let asked = 0;
function distinctPath(path: string): string {
  const n = asked++ % 9_600;
  const hideSold = n % 2 === 0 ? 'true' : 'false';
  const range = Math.floor(n / 2);
  return path
    .replace('{low}', String(60 + (range % 80)))
    .replace('{high}', String(140 + Math.floor(range / 80)))
    .replace('{hidesold}', hideSold);
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
