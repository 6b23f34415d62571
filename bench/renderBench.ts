import path from 'node:path';
import { loadConfig } from '../server/config';
import { seedDemoCatalogue } from '../server/seed/seedDemoCatalogue';
import { closeAppDeps, openAppDeps } from '../server/services';
import { renderPage } from '../server/ssr/renderPage';
import { createApp } from '../server/app';
import type { AppDeps } from '../server/appDeps';
import { throughput } from './httpThroughput';
import { compared, type Metric, standalone } from './metric';
import { mean, percentile, timeMs } from './stats';
import { withTempDir } from './tempDir';
import { whileListening } from './whileListening';

const WARMUP = 40;
const RENDERS = 200;
const URL = { pathname: '/', search: '' };
const CONTEXT = { ip: '127.0.0.1', cookies: {}, headers: { 'user-agent': 'beatcrate-bench' } };
const ASSETS = { scripts: [], styles: [] };

/** Row 5: in-process SSR of the home page on a seeded SQLite file, as the server does per request. */
export async function renderBench(progress: (line: string) => void): Promise<{ metrics: Metric[]; notes: string[] }> {
  progress(`render /: ${WARMUP} warm-up + ${RENDERS} timed renders`);
  return withTempDir('render', async (dir) => {
    const deps = await openAppDeps(loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'render.sqlite')}` }));
    try {
      await seedDemoCatalogue(deps);
      const statuses = new Map<number, number>();
      const renderOnce = async () => {
        const result = await renderPage(URL, CONTEXT, deps, ASSETS);
        statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
      };
      for (let index = 0; index < WARMUP; index++) await renderOnce();
      const samples: number[] = [];
      for (let index = 0; index < RENDERS; index++) samples.push(await timeMs(renderOnce));
      // Not an assertion: a timing of an error page is still printed, but flagged, since it
      // measures something other than the storefront.
      const statusNote = [...statuses].map(([status, count]) => `${count}x ${status}`).join(', ');
      return {
        metrics: [
          standalone(`render / in-process (seeded SQLite): mean of ${RENDERS}`, mean(samples), 'ms/render'),
          standalone(`render / in-process (seeded SQLite): p99 of ${RENDERS}`, percentile(samples, 99), 'ms/render'),
          await beatsOverHttp(deps, progress),
        ],
        notes: [
          `render / answered ${statusNote}.` +
            (statuses.size === 1 && statuses.has(200) ? '' : ' NOT all 200: these timings are not of the storefront page.'),
        ],
      };
    } finally {
      await closeAppDeps(deps);
    }
  });
}

const BEATS = { pathname: '/beats', search: '' };
const SLICE_MS = 500;
const SLICES = 6;

/** Renders per second of /beats in-process during `ms`, one after another. */
async function inProcessRate(deps: AppDeps, ms: number): Promise<number> {
  const until = performance.now() + ms;
  let done = 0;
  while (performance.now() < until) {
    const result = await renderPage(BEATS, CONTEXT, deps, ASSETS);
    if (result.status !== 200) throw new Error(`/beats rendered with status ${result.status}`);
    done++;
  }
  return (done * 1000) / ms;
}

/** /beats through the real HTTP server against the same render in-process: what the server adds. */
async function beatsOverHttp(deps: AppDeps, progress: (line: string) => void): Promise<Metric> {
  progress('render /beats: over HTTP against in-process');
  const app = createApp(deps, { assets: ASSETS });
  const rates = { http: 0, inProcess: 0 };
  await whileListening(app, async (origin) => {
    const url = `${origin}/beats`;
    await throughput(url, 300);
    // Slices taken in turn, so that noise on the machine hits both alike.
    for (let slice = 0; slice < SLICES; slice++) {
      rates.http += await throughput(url, SLICE_MS);
      rates.inProcess += await inProcessRate(deps, SLICE_MS);
    }
  });
  return compared('render /beats: HTTP (8 at a time) / in-process (one at a time)', rates.http / SLICES, 'pages/s', rates.inProcess / SLICES, null);
}
