import path from 'node:path';
import { loadConfig } from '../server/config';
import { seedDemoCatalogue } from '../server/seed/seedDemoCatalogue';
import { closeAppDeps, openAppDeps } from '../server/services';
import { renderPage } from '../server/ssr/renderPage';
import { type Metric, standalone } from './metric';
import { mean, percentile, timeMs } from './stats';
import { withTempDir } from './tempDir';

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
