import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../test/e2e/helpers/server';
import { type Metric, standalone } from './metric';

const WARM_STARTS = 3;

/**
 * Start-up as a shop owner restarts the shop: `npm start`'s process on a database that an earlier
 * start created and seeded, with the client already built, timed from the spawn to the first
 * answer of `/` (a server-rendered page, so every module the page needs is loaded). The first
 * start, which builds (when needed) and seeds, is timed too, without a target.
 */
export async function startupBench(progress: (line: string) => void, options: { quick: boolean }): Promise<{ metrics: Metric[]; notes: string[] }> {
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'beatcrate-bench-startup-'));
  try {
    const firstMs = await timedStart(dataDir);
    progress(`startup: first start (build if needed, seed) ${firstMs.toFixed(0)} ms`);
    const warm: number[] = [];
    for (let start = 0; start < (options.quick ? 1 : WARM_STARTS); start++) warm.push(await timedStart(dataDir));
    return {
      metrics: [
        { ...standalone(`start-up: built npm start, warm (seeded database), spawn to the first page; slowest of ${warm.length}`, Math.max(...warm), 'ms'), target: '< 2000' },
        standalone('start-up: first start on an empty database (seeds the demo shop)', firstMs, 'ms'),
      ],
      notes: [`start-up: warm starts ${warm.map((ms) => ms.toFixed(0)).join(', ')} ms.`],
    };
  } finally {
    await fs.promises.rm(dataDir, { recursive: true, force: true });
  }
}

async function timedStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const server = await startServer({ dataDir, env: { NODE_ENV: '' } });
  try {
    const response = await fetch(`${server.baseUrl}/`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the first page answered ${response.status}`);
    return performance.now() - started;
  } finally {
    await server.stop();
  }
}
