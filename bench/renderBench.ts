import path from 'node:path';
import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { loadEveryPage } from '../client/pageRegistry';
import { createApp } from '../server/app';
import type { AppDeps } from '../server/appDeps';
import { loadConfig } from '../server/config';
import { seedDemoCatalogue } from '../server/seed/seedDemoCatalogue';
import { closeAppDeps, openAppDeps } from '../server/services';
import { loadedPageStore, pageElement, renderPage } from '../server/ssr/renderPage';
import { pageRates } from './load/pageRates';
import { compared, type Metric, standalone } from './metric';
import { mean, percentile, timeMs } from './stats';
import { withTempDir } from './tempDir';
import { whileListening } from './whileListening';

const CONTEXT = { ip: '127.0.0.1', cookies: {}, headers: { 'user-agent': 'beatcrate-bench' } };
const ASSETS = { scripts: [], styles: [] };
const PAGES = ['/', '/beats'] as const;

/**
 * Server rendering as the server does it per request (a fresh store, the route's sagas against the
 * in-process API, React, the document), on a seeded SQLite file, with React's production build
 * (`npm run bench` sets NODE_ENV=production, as `npm start` loads it: server/productionLibraries.ts).
 * Then React alone on the same loaded store, as a string and as a stream; then the same pages over
 * HTTP from a separate load process, against the in-process rate.
 */
export async function renderBench(progress: (line: string) => void, options: { quick: boolean }): Promise<{ metrics: Metric[]; notes: string[] }> {
  const renders = options.quick ? 60 : 400;
  return withTempDir('render', async (dir) => {
    const deps = await openAppDeps(loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'render.sqlite')}`, DEMO_ACTIVITY: 'off' }));
    try {
      await seedDemoCatalogue(deps);
      const metrics: Metric[] = [];
      const notes: string[] = [];
      for (const pathname of PAGES) {
        progress(`render ${pathname}: ${renders} timed renders in-process`);
        const samples = await inProcessRenders(deps, pathname, renders);
        metrics.push({ ...standalone(`render ${pathname} in-process (production React, seeded SQLite): mean of ${renders}`, mean(samples), 'ms/render'), target: '<= 3' });
        metrics.push(standalone(`render ${pathname} in-process: p99`, percentile(samples, 99), 'ms/render'));
      }
      for (const pathname of PAGES) metrics.push(...(await streamAgainstString(deps, pathname, renders)));
      notes.push(
        'render: the server renders pages to a string (server/ssr/renderPage.tsx). A stream starts sending sooner only where React can flush before the data is there; ours loads the data in sagas first, and the document ends with the state those sagas made, so the first byte waits for all of it either way.',
      );
      const http = await overHttp(deps, progress, options);
      metrics.push(...http.metrics);
      notes.push(...http.notes);
      return { metrics, notes };
    } finally {
      await closeAppDeps(deps);
    }
  });
}

async function inProcessRenders(deps: AppDeps, pathname: string, count: number): Promise<number[]> {
  const url = { pathname, search: '' };
  const once = async () => {
    const result = await renderPage(url, CONTEXT, deps, ASSETS);
    if (result.status !== 200) throw new Error(`${pathname} rendered with status ${result.status}`);
  };
  for (let index = 0; index < 50; index++) await once();
  const samples: number[] = [];
  for (let index = 0; index < count; index++) samples.push(await timeMs(once));
  return samples;
}

/** React's part of a render alone, on one loaded store: `renderToString` against `renderToPipeableStream` read to its end. */
async function streamAgainstString(deps: AppDeps, pathname: string, count: number): Promise<Metric[]> {
  await loadEveryPage();
  const store = await loadedPageStore({ pathname, search: '' }, CONTEXT, deps);
  const asString = () => {
    renderToString(pageElement(store));
  };
  let firstChunkMs = 0;
  const asStream = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      let first = true;
      const sink = new Writable({
        write(_chunk, _encoding, done) {
          if (first) firstChunkMs += performance.now() - started;
          first = false;
          done();
        },
      });
      sink.on('finish', resolve);
      const stream = renderToPipeableStream(pageElement(store), { onAllReady: () => stream.pipe(sink), onError: reject });
    });
  for (let index = 0; index < 30; index++) {
    asString();
    await asStream();
  }
  const strings: number[] = [];
  const streams: number[] = [];
  firstChunkMs = 0;
  for (let index = 0; index < count; index++) {
    strings.push(await timeMs(asString));
    streams.push(await timeMs(asStream));
  }
  return [
    compared(`React alone, ${pathname}: stream (renderToPipeableStream, read to the end) / string (renderToString)`, mean(streams), 'ms', mean(strings), null),
    standalone(`  stream's first chunk, ${pathname}`, firstChunkMs / count, 'ms'),
  ];
}

/** Pages per second one after another in-process, during `ms`. */
async function inProcessRate(deps: AppDeps, pathname: string, ms: number): Promise<number> {
  const until = performance.now() + ms;
  let done = 0;
  while (performance.now() < until) {
    await renderPage({ pathname, search: '' }, CONTEXT, deps, ASSETS);
    done++;
  }
  return (done * 1000) / ms;
}

/**
 * The same pages over HTTP (compressed, as browsers ask), the load from a separate process: the
 * peak rate against the in-process rate, then p99 latency while held at half that peak.
 */
async function overHttp(deps: AppDeps, progress: (line: string) => void, options: { quick: boolean }): Promise<{ metrics: Metric[]; notes: string[] }> {
  const app = createApp(deps, { assets: ASSETS });
  const metrics: Metric[] = [];
  const notes: string[] = [];
  await whileListening(app, async (origin) => {
    // Quick: /beats only.
    for (const pathname of options.quick ? PAGES.slice(1) : PAGES) {
      progress(`render ${pathname}: over HTTP from a load process, against in-process`);
      const before = await inProcessRate(deps, pathname, 1_000);
      const rates = await pageRates({ origin, path: pathname, seconds: options.quick ? 1 : 5, connections: 8 });
      const after = await inProcessRate(deps, pathname, 1_000);
      const inProcess = (before + after) / 2;
      metrics.push(compared(`render ${pathname}: HTTP peak (8 connections, brotli) / in-process`, rates.peak, 'pages/s', inProcess, '>= 0.6'));
      metrics.push({ ...standalone(`render ${pathname}: HTTP p99 at half the peak (${Math.round(rates.peak / 2)} pages/s)`, rates.p99AtHalf, 'ms'), target: '< 50' });
      notes.push(`render ${pathname} over HTTP: ${rates.errors} failed answers; p50 at half the peak ${rates.p50AtHalf.toFixed(1)} ms.`);
    }
  });
  return { metrics, notes };
}
