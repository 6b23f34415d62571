import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ApiBrowser, registration } from '../test/helpers/accountClient';
import { startServer } from '../test/e2e/helpers/server';
import { compared, type Metric, standalone } from './metric';

const BUYERS = 24;
const PAGE_CONNECTIONS = 6;
const PROBE_SECONDS = 10;
const SAMPLE_EVERY_MS = 1_000;

interface LoadSummary {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, { count: number }>;
}

interface LoadResult {
  api: LoadSummary;
  pages: LoadSummary;
}

/** Resident memory of a process, from /proc (Linux), in MiB. */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

/** Runs bench/load/loadClient.ts in its own process and reads its one JSON line. */
function runLoadClient(plan: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'load', 'loadClient.ts'), JSON.stringify(plan)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load client exited with ${code}`));
      try {
        resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '') as LoadResult);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

const failures = (summary: LoadSummary) => summary.errors + summary.timeouts + summary.non2xx;

function describeStatuses(summary: LoadSummary): string {
  return Object.entries(summary.statusCodes)
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ');
}

/**
 * The mixed load of the hardening issue: logged-in buyers browse, filter, open and play beats, fill
 * the cart and pay through the sandbox while visitors load server-rendered pages, for `seconds`,
 * from a separate process (autocannon), against a production-mode server on loopback. First a
 * short run finds the peak rate; the measured run holds half of it, where a shop should live.
 */
export async function mixedLoadBench(progress: (line: string) => void, seconds: number, probeSeconds = PROBE_SECONDS): Promise<{ metrics: Metric[]; notes: string[] }> {
  const server = await startServer({
    env: {
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX: 'true',
      CAPTCHA: 'off',
      // Every buyer of the load comes from 127.0.0.1: per-address limits would measure themselves.
      TRACK_PLAYS_PER_MINUTE: '1000000',
      REGISTRATIONS_PER_HOUR: '1000',
      ACTION_LOG_BATCHES_PER_MINUTE: '1000000',
    },
  });
  try {
    const origin = server.baseUrl;
    const buyers: string[] = [];
    for (let index = 0; index < BUYERS; index++) {
      const browser = new ApiBrowser(origin);
      const { status } = await browser.json('POST', '/auth/register', registration({ email: `load-${index}-${Date.now()}@example.com` }));
      if (status !== 201 && status !== 200) throw new Error(`registering a load buyer answered ${status}`);
      buyers.push(browser.cookieHeader());
    }
    const tracks = (await (await fetch(`${origin}/api/v1/tracks?take=100`)).json()) as { tracks: Array<{ id: number }> };
    const trackIds = tracks.tracks.map((track) => track.id);
    const packIds: number[] = [];
    for (let id = 300; id < 360; id++) {
      const response = await fetch(`${origin}/api/v1/tracks/${id}`);
      if (response.ok && ((await response.json()) as { productType?: string }).productType === 'samplepack') packIds.push(id);
    }
    if (trackIds.length === 0 || packIds.length === 0) throw new Error('the demo shop has no beats or no sample packs to load');
    const plan = { origin, buyers, trackIds, packIds, pageConnections: PAGE_CONNECTIONS };

    progress(`mixed load: ${probeSeconds} s at full speed to find the peak rate`);
    const probe = await runLoadClient({ ...plan, seconds: probeSeconds, rate: 0 });
    const peak = probe.api.requestsPerSecond + probe.pages.requestsPerSecond;
    const rate = Math.max(1, Math.floor(peak / 2));

    progress(`mixed load: ${seconds} s at ${rate} req/s (half the peak of ${Math.round(peak)} req/s), ${BUYERS} buyers and ${PAGE_CONNECTIONS} page visitors`);
    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(rssMiB(server.pid)), SAMPLE_EVERY_MS);
    let load: LoadResult;
    try {
      load = await runLoadClient({ ...plan, seconds, rate });
    } finally {
      clearInterval(sampler);
    }
    // Memory once the load is over and the server has had a moment to collect.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = rssMiB(server.pid);
    const warm = memory[Math.min(memory.length - 1, Math.floor(memory.length / 3))] ?? after;
    const atEnd = memory.at(-1) ?? after;

    const metrics: Metric[] = [
      standalone('mixed load: peak rate (full speed, API + pages)', peak, 'req/s'),
      { ...standalone(`mixed load ${seconds} s at half the peak: failed requests (non-2xx, errors, timeouts)`, failures(load.api) + failures(load.pages), 'requests'), target: '<= 0' },
      { ...standalone('mixed load: API p99', load.api.p99, 'ms'), target: '< 100 ms' },
      standalone('mixed load: server-rendered pages p99', load.pages.p99, 'ms'),
      standalone('mixed load: requests served', load.api.requests + load.pages.requests, 'requests'),
      compared('mixed load: server memory at the end / after the first third of the run', atEnd, 'MiB', warm, '≤ 1.10 (flat)'),
      // Flat within 1%: RSS moves by a few hundred KiB while nothing runs (a timer, a checkpoint).
      compared('mixed load: server memory 3 s after the load / at the end', after, 'MiB', atEnd, '≤ 1.01'),
    ];
    const notes = [
      `Mixed load: API answers ${describeStatuses(load.api)}; pages ${describeStatuses(load.pages)}; API p50 ${load.api.p50.toFixed(1)} ms, max ${load.api.max} ms.`,
    ];
    return { metrics, notes };
  } finally {
    await server.stop();
  }
}
