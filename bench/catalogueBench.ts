import { spawn } from 'node:child_process';
import path from 'node:path';
import { create } from 'superstruct';
import { TrackListQuerySchema } from '../shared/schemas/catalogueQuery';
import { createApp } from '../server/app';
import type { AppDeps } from '../server/appDeps';
import { countProducts, findProductPage } from '../server/catalogue/findProducts';
import { loadConfig } from '../server/config';
import { demoLoops } from '../server/seed/demoCatalogue';
import { PEAKS_PER_PREVIEW, PREVIEW_SAMPLE_RATE } from '../server/media/loopSpec';
import { computePeaks } from '../server/media/peaks';
import { synthesizeLoop } from '../server/media/synthesizeLoop';
import { closeAppDeps, openAppDeps } from '../server/services';
import { generateCatalogueFixture, multiplyCatalogue } from './catalogueFixture';
import type { Chart } from './charts';
import { compared, type Metric, standalone } from './metric';
import type { BenchOptions } from './run';
import { percentile, timeMs } from './stats';
import { withTempDir } from './tempDir';
import { whileListening } from './whileListening';

/** Catalogue sizes, measured in this order in one database that grows; `--quick` stops at 100k. */
const SIZES = [10_000, 100_000, 1_000_000];
const QUICK_SIZES = [10_000, 100_000];
/** The size the targets are for: the p99 of a page, and the HTTP row. */
const TARGET_SIZE = 100_000;
/**
 * Up to this size the catalogue is listed through the event store as production lists it, about
 * 1 ms a beat on the 2-core bench machine; beyond it the projected tables are multiplied
 * (multiplyCatalogue): 1M listings through events would take most of the suite's ten minutes, and
 * 100k takes longer than the whole of `--quick` may (which lists 2,500 and copies from there).
 */
const LISTED_THROUGH_EVENTS = { full: 100_000, quick: 2_500 };
const WARM_UP_QUERIES = 20;
/** Queries per filter set and size; the nearest-rank p99 of 50 is the slowest, of 300 the fourth slowest. */
const QUERIES_PER_SET = { full: 300, quick: 50 };
/**
 * Five filter sets a shopper would plausibly send, from the bare list to four filters at once;
 * the label names the set in the chart's legend, which has room for about 20 characters.
 */
const FILTER_SETS = [
  { search: 'take=20', label: 'no filter' },
  { search: 'genre=1&bpm=130,150&hidesold=true&take=20', label: 'genre, bpm, unsold' },
  { search: 'key=C,G&scale=minor&mood=2&sortby=price-to-high&take=20', label: 'key, scale, mood' },
  { search: 'tags=dark,piano&price=300,600&take=20', label: 'two tags, price' },
  { search: 'category=supersale&vocalgender=female&sortby=price-to-low&skip=200&take=20', label: 'sale, vocals, skip' },
];
/** Issue 16's HTTP row: three filters and a page of 24, the beats page's size. */
const TRACKS_PATH = '/api/v1/tracks?genre=1&bpm=80,140&hidesold=true&take=24';
const HEALTH_PATH = '/api/v1/health';
/** The same kind of query, a new one on every request (bench/load/throughputClient.ts): none is answered from what was kept. */
const DISTINCT_TRACKS_PATH = '/api/v1/tracks?genre=1&bpm={low},{high}&hidesold={hidesold}&take=24';
const HTTP_PLAN = { full: { slices: 4, sliceSeconds: 2, connections: 8 }, quick: { slices: 1, sliceSeconds: 0.5, connections: 8 } };

type Mode = 'full' | 'quick';

const sizeLabel = (size: number) => (size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1_000}k`);

function peaksSpeed(): Metric {
  const samples = synthesizeLoop(demoLoops()[0]!);
  const audioSeconds = samples.length / PREVIEW_SAMPLE_RATE;
  let rounds = 0;
  const started = performance.now();
  while (performance.now() - started < 1_000) {
    computePeaks(samples, PEAKS_PER_PREVIEW);
    rounds++;
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  return compared('peaks: seconds of audio per second, / realtime', (audioSeconds * rounds) / elapsedSeconds, 'x realtime', 1, '> 100');
}

/** Milliseconds of each of `rounds` runs of `work`, after a warm-up that fills SQLite's page cache and lets the JIT compile the query code. */
async function latencies(rounds: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < WARM_UP_QUERIES + rounds; round++) {
    const ms = await timeMs(async () => {
      await work();
    });
    if (round >= WARM_UP_QUERIES) times.push(ms);
  }
  return times;
}

/** Grows the catalogue to `to` beats and says how, for the notes. */
async function growCatalogue(deps: AppDeps, { from, to, throughEvents }: { from: number; to: number; throughEvents: number }, progress: (line: string) => void): Promise<string[]> {
  progress(`catalogue: growing to ${to.toLocaleString('en')} products`);
  const notes: string[] = [];
  let built = from;
  if (built < throughEvents) {
    const upTo = Math.min(to, throughEvents);
    const ms = await timeMs(() => generateCatalogueFixture(deps, { from: built, to: upTo }, progress));
    notes.push(`catalogue fixture: ${built.toLocaleString('en')} → ${upTo.toLocaleString('en')} products listed through events and projected in ${(ms / 1000).toFixed(1)} s.`);
    built = upTo;
  }
  if (built < to) {
    const ms = await timeMs(() => multiplyCatalogue(deps, to / built));
    notes.push(`catalogue fixture: ${built.toLocaleString('en')} → ${to.toLocaleString('en')} products by copying the projected tables ${to / built} times over (INSERT … SELECT, fresh ids and listing positions; no events) in ${(ms / 1000).toFixed(1)} s: listing them through events takes too long for the suite.`);
  }
  return notes;
}

/** The rows of one size: the p99 of a page per filter set; at TARGET_SIZE also its p50 and the count's p99 (counting is opt-in, so no target). */
async function measureSize(deps: AppDeps, size: number, queries: number, progress: (line: string) => void): Promise<{ metrics: Metric[]; p99s: number[]; matches: number[] }> {
  progress(`catalogue: ${sizeLabel(size)} products, ${FILTER_SETS.length} filter sets x ${queries} queries`);
  const metrics: Metric[] = [];
  const p99s: number[] = [];
  const matches: number[] = [];
  for (const { search } of FILTER_SETS) {
    const query = create(Object.fromEntries(new URLSearchParams(search)), TrackListQuerySchema);
    const page = await latencies(queries, () => findProductPage(deps.database.query, query));
    const p99 = percentile(page, 99);
    p99s.push(p99);
    matches.push(await countProducts(deps.database.query, query));
    if (size !== TARGET_SIZE) {
      metrics.push(standalone(`catalogue page, ${sizeLabel(size)} products, p99: ${search}`, p99, 'ms'));
      continue;
    }
    metrics.push(standalone(`catalogue page, ${sizeLabel(size)} products, p50: ${search}`, percentile(page, 50), 'ms'));
    metrics.push({ ...standalone(`catalogue page, ${sizeLabel(size)} products, p99: ${search}`, p99, 'ms'), target: '< 5' });
    const count = await latencies(queries, () => countProducts(deps.database.query, query));
    metrics.push(standalone(`  its total (count of matches, ?count=true), p99`, percentile(count, 99), 'ms'));
  }
  progress(`catalogue: ${sizeLabel(size)} p99s (ms): ${p99s.map((p99) => p99.toFixed(2)).join(', ')}`);
  return { metrics, p99s, matches };
}

/** Runs bench/load/throughputClient.ts in its own process and reads its one JSON line: requests per second of each path. */
function runThroughputClient(plan: { origin: string; paths: string[]; slices: number; sliceSeconds: number; connections: number }): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'load', 'throughputClient.ts'), JSON.stringify(plan)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the throughput client exited with ${code}`));
      try {
        resolve((JSON.parse(output.trim().split('\n').at(-1) ?? '') as { rates: number[] }).rates);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** GET /tracks with three filters against GET /health, over HTTP, the load from a process of its own. */
async function tracksThroughput(deps: AppDeps, mode: Mode, progress: (line: string) => void): Promise<Metric[]> {
  progress(`catalogue: GET ${TRACKS_PATH}, and a new such query each time, against GET ${HEALTH_PATH} over HTTP`);
  const app = createApp(deps, { assets: { scripts: [], styles: [] } });
  const [tracks, distinct, health] = await whileListening(app, (origin) =>
    runThroughputClient({ origin, paths: [TRACKS_PATH, DISTINCT_TRACKS_PATH, HEALTH_PATH], ...HTTP_PLAN[mode] }),
  );
  const label = `(${sizeLabel(TARGET_SIZE)} products) / GET ${HEALTH_PATH}, HTTP`;
  return [
    compared(`GET ${TRACKS_PATH} ${label}`, tracks!, 'req/s', health!, '>= 0.4'),
    // No target: what the kept answers save, shown beside it.
    compared(`  a new query each request (${DISTINCT_TRACKS_PATH}) ${label}`, distinct!, 'req/s', health!, null),
  ];
}

/** Each filter set's page p99 over the sizes: `p99s[size][set]`, as measureSize returns them size by size. */
function p99Chart(sizes: number[], p99s: number[][]): Chart {
  return {
    slug: 'catalogue-p99',
    title: 'Catalogue page p99 as the catalogue grows',
    xLabel: 'products',
    yLabel: 'p99 (ms)',
    logX: true,
    series: FILTER_SETS.map(({ label }, set) => ({ name: label, points: sizes.map((size, at) => ({ x: size, y: Number(p99s[at]![set]!.toFixed(3)) })) })),
  };
}

/**
 * Catalogue rows: filtered queries over 10k, 100k and 1M beats (`--quick`: 10k and 100k, fewer
 * queries), GET /tracks against GET /health at 100k, peaks speed; and the chart of each filter
 * set's p99 as the catalogue grows.
 */
export async function catalogueBench(progress: (line: string) => void, options: BenchOptions): Promise<{ metrics: Metric[]; notes: string[]; charts: Chart[] }> {
  return withTempDir('catalogue', async (dir) => {
    const config = { ...loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'catalogue.sqlite')}` }), port: 0 };
    const deps = await openAppDeps(config);
    try {
      const mode: Mode = options.quick ? 'quick' : 'full';
      const sizes = options.quick ? QUICK_SIZES : SIZES;
      const metrics: Metric[] = [];
      const notes: string[] = [];
      const p99s: number[][] = [];
      const matches: number[][] = [];
      let built = 0;
      for (const size of sizes) {
        notes.push(...(await growCatalogue(deps, { from: built, to: size, throughEvents: LISTED_THROUGH_EVENTS[mode] }, progress)));
        built = size;
        const measured = await measureSize(deps, size, QUERIES_PER_SET[mode], progress);
        metrics.push(...measured.metrics);
        p99s.push(measured.p99s);
        matches.push(measured.matches);
        if (size === TARGET_SIZE) metrics.push(...(await tracksThroughput(deps, mode, progress)));
      }
      FILTER_SETS.forEach(({ search }, set) => {
        notes.push(`catalogue query ${search}: ${sizes.map((size, at) => `${matches[at]![set]!.toLocaleString('en')} matches of ${sizeLabel(size)}`).join(', ')}.`);
      });

      progress('catalogue: peaks');
      metrics.push(peaksSpeed());
      return { metrics, notes, charts: [p99Chart(sizes, p99s)] };
    } finally {
      await closeAppDeps(deps);
    }
  });
}
