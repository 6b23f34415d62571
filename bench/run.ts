import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accountStreamBench } from './accountStreamBench';
import { appendBench } from './appendBench';
import { audioProcessingBench } from './audioProcessingBench';
import { bundleBench } from './bundleBench';
import { catalogueBench } from './catalogueBench';
import { commerceBench } from './commerceBench';
import { mixedLoadBench } from './mixedLoadBench';
import type { Metric } from './metric';
import { readAllBench } from './readAllBench';
import { renderBench } from './renderBench';
import { replayBench } from './replayBench';
import { formatTable } from './table';
import { uploadBench } from './uploadBench';

/**
 * `npm run bench`: measures, prints a table of ratios against baselines measured in this same
 * run, and writes bench/results.json. It asserts nothing (DESIGN: timing is never a test).
 */
async function main(): Promise<void> {
  const started = performance.now();
  const progress = (line: string) => console.error(`[bench] ${line}`);
  progress(`node ${process.version}, ${os.cpus().length} cpus, temp files under ${os.tmpdir()}`);

  const append = await appendBench(progress);
  const readAll = await readAllBench(progress);
  const render = await renderBench(progress);
  const catalogue = await catalogueBench(progress);
  const commerce = await commerceBench(progress);
  const streams = await accountStreamBench(progress);
  const bundle = await bundleBench(progress);
  const audio = await audioProcessingBench(progress);
  const upload = await uploadBench(progress);
  const replayed = await replayBench(progress);
  const load = await mixedLoadBench(progress, Number(process.env.BENCH_LOAD_SECONDS ?? 60));
  const metrics: Metric[] = [...append.metrics, ...readAll, ...render.metrics, ...catalogue.metrics, ...commerce.metrics, ...streams.metrics, ...bundle, ...audio, ...upload, ...replayed, ...load.metrics];

  const results = { date: new Date().toISOString(), node: process.version, metrics };
  const file = path.join(__dirname, 'results.json');
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);

  console.log(formatTable(metrics));
  console.log('');
  for (const note of [...append.notes, ...render.notes, ...catalogue.notes, ...commerce.notes, ...streams.notes, ...load.notes]) console.log(note);
  console.log(`Wrote ${path.relative(process.cwd(), file)} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
