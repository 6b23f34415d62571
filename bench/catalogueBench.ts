import path from 'node:path';
import { create } from 'superstruct';
import { TrackListQuerySchema } from '../shared/schemas/catalogueQuery';
import { createApp } from '../server/app';
import { countProducts, findProductPage } from '../server/catalogue/findProducts';
import { loadConfig } from '../server/config';
import { demoLoops } from '../server/seed/demoCatalogue';
import { PEAKS_PER_PREVIEW, PREVIEW_SAMPLE_RATE } from '../server/media/loopSpec';
import { computePeaks } from '../server/media/peaks';
import { synthesizeLoop } from '../server/media/synthesizeLoop';
import { closeAppDeps, openAppDeps } from '../server/services';
import { generateCatalogueFixture } from './catalogueFixture';
import { throughput } from './httpThroughput';
import { compared, type Metric, standalone } from './metric';
import { percentile, timeMs } from './stats';
import { withTempDir } from './tempDir';
import { whileListening } from './whileListening';

const PRODUCTS = 100_000;
const QUERIES_PER_SET = 300;
/** Five filter sets a shopper would plausibly send, from the bare list to four filters at once. */
const FILTER_SETS = [
  'take=20',
  'genre=1&bpm=130,150&hidesold=true&take=20',
  'key=C,G&scale=minor&mood=2&sortby=price-to-high&take=20',
  'tags=dark,piano&price=300,600&take=20',
  'category=supersale&vocalgender=female&sortby=price-to-low&skip=200&take=20',
];
const HTTP_SLICE_MS = 500;
const HTTP_SLICES = 6;

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

/** Catalogue rows: filtered queries over 100k beats, GET /tracks against GET /health, peaks speed. */
export async function catalogueBench(progress: (line: string) => void): Promise<{ metrics: Metric[]; notes: string[] }> {
  return withTempDir('catalogue', async (dir) => {
    const config = { ...loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'catalogue.sqlite')}` }), port: 0 };
    const deps = await openAppDeps(config);
    try {
      progress(`catalogue: generating ${PRODUCTS.toLocaleString('en')} products`);
      const built = await timeMs(() => generateCatalogueFixture(deps, PRODUCTS, progress));
      const metrics: Metric[] = [];
      const notes = [`catalogue fixture: ${PRODUCTS.toLocaleString('en')} products listed and projected in ${(built / 1000).toFixed(1)} s.`];

      progress(`catalogue: ${FILTER_SETS.length} filter sets x ${QUERIES_PER_SET} queries`);
      for (const search of FILTER_SETS) {
        const query = create(Object.fromEntries(new URLSearchParams(search)), TrackListQuerySchema);
        const page: number[] = [];
        const count: number[] = [];
        let matched = 0;
        for (let round = 0; round < QUERIES_PER_SET + 20; round++) {
          const countMs = await timeMs(async () => {
            matched = await countProducts(deps.database.query, query);
          });
          const pageMs = await timeMs(() => findProductPage(deps.database.query, query, matched).then(() => undefined));
          if (round < 20) continue;
          page.push(pageMs);
          count.push(countMs);
        }
        metrics.push(standalone(`catalogue page, 100k products, p50: ${search}`, percentile(page, 50), 'ms'));
        metrics.push({ ...standalone(`catalogue page, 100k products, p99: ${search}`, percentile(page, 99), 'ms'), target: '< 5' });
        metrics.push(standalone(`  its total (count of matches), p99`, percentile(count, 99), 'ms'));
        notes.push(`catalogue query ${search}: ${matched.toLocaleString('en')} matches.`);
      }

      progress('catalogue: GET /api/v1/tracks against GET /api/v1/health over HTTP');
      const app = createApp(deps, { assets: { scripts: [], styles: [] } });
      const rates = { tracks: 0, health: 0 };
      await whileListening(app, async (origin) => {
        const base = `${origin}/api/v1`;
        await throughput(`${base}/tracks`, 300);
        // Slices taken in turn, so that noise on the machine hits both alike.
        for (let slice = 0; slice < HTTP_SLICES; slice++) {
          rates.tracks += await throughput(`${base}/tracks?take=20`, HTTP_SLICE_MS);
          rates.health += await throughput(`${base}/health`, HTTP_SLICE_MS);
        }
      });
      metrics.push(compared('GET /api/v1/tracks (100k products) / GET /api/v1/health, HTTP', rates.tracks / HTTP_SLICES, 'req/s', rates.health / HTTP_SLICES, null));

      progress('catalogue: peaks');
      metrics.push(peaksSpeed());
      return { metrics, notes };
    } finally {
      await closeAppDeps(deps);
    }
  });
}
