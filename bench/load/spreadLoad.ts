import autocannon from 'autocannon';

/**
 * Load at a steady rate from independent connections, the way the bench's load processes send it
 * (bench/load/loadClient.ts, pageLoadClient.ts): autocannon per connection, each answer's latency
 * kept with the coordinated-omission correction done right.
 */
export interface Counts {
  requests: number;
  requestsPerSecond: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, { count: number }>;
}

export interface Measured {
  summary: Counts;
  /** Every 2xx answer's latency in ms, with the coordinated-omission fill below. */
  latencies: number[];
}

/**
 * Runs autocannon and keeps each answer's latency itself. Autocannon's own correction for
 * coordinated omission (on whenever a rate is set) takes the expected interval between a
 * connection's requests as `Math.ceil(1 / rate)`, seconds rounded up to one millisecond: an answer
 * of L ms is then recorded L times (L, L−1, …, 1), which weights every answer by its own latency.
 * The correction is done here with the real interval, 1000 / rate ms, the way HdrHistogram's
 * recordValueWithExpectedInterval means it: an answer slower than the interval stands in for the
 * requests its connection could not send meanwhile.
 */
function run(options: autocannon.Options, connectionRate: number | undefined): Promise<{ result: autocannon.Result; latencies: number[] }> {
  const latencies: number[] = [];
  const interval = connectionRate === undefined ? undefined : 1000 / connectionRate;
  return new Promise((resolve, reject) => {
    const instance = autocannon({ ...options, ignoreCoordinatedOmission: interval !== undefined }, (error, result) => (error ? reject(error) : resolve({ result, latencies })));
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode < 200 || statusCode >= 300) return;
      latencies.push(responseTime);
      if (interval === undefined) return;
      for (let missed = responseTime - interval; missed >= interval; missed -= interval) latencies.push(missed);
    });
  });
}

/** `total` requests per second shared out over `count` connections as whole numbers, none below 1. */
function shareOut(total: number, count: number): number[] {
  const each = Math.floor(total / count);
  return Array.from({ length: count }, (_, index) => Math.max(1, each + (index < total % count ? 1 : 0)));
}

/**
 * Runs one autocannon instance per connection, their starts spread evenly over the first second.
 * Autocannon paces a rate by letting each connection send its quota at the top of every second
 * and then wait: started together, all connections would burst at the same instant each second
 * (a load at half the peak would be the full peak half of the time). Real buyers are not
 * synchronised to the wall clock; spreading the starts spreads the bursts.
 */
export async function runSpread(plan: { origin: string; seconds: number }, rate: number | undefined, requestsOf: ReadonlyArray<autocannon.Request[]>): Promise<Measured> {
  const rates = rate === undefined ? undefined : shareOut(rate, requestsOf.length);
  const runs = await Promise.all(
    requestsOf.map(async (requests, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * 1000) / requestsOf.length));
      const connectionRate = rates?.[index];
      return run({ url: plan.origin, connections: 1, duration: plan.seconds, connectionRate, requests }, connectionRate);
    }),
  );
  const statusCodeStats: Record<string, { count: number }> = {};
  for (const { result } of runs) {
    for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) statusCodeStats[status] = { count: (statusCodeStats[status]?.count ?? 0) + count };
  }
  const sum = (of: (result: autocannon.Result) => number) => runs.reduce((total, { result }) => total + of(result), 0);
  return {
    latencies: runs.flatMap(({ latencies }) => latencies),
    summary: {
      requests: sum((result) => result.requests.total),
      requestsPerSecond: sum((result) => result.requests.average),
      max: Math.max(...runs.map(({ result }) => result.latency.max)),
      errors: sum((result) => result.errors),
      timeouts: sum((result) => result.timeouts),
      non2xx: sum((result) => result.non2xx),
      statusCodes: statusCodeStats,
    },
  };
}

