import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accountStreamBench } from './accountStreamBench';
import { actionLogIngestBench } from './actionLogIngestBench';
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

type Rows = { metrics: Metric[]; notes: string[] };
const rows = (metrics: Metric[]): Rows => ({ metrics, notes: [] });

/** Every bench, in the order it runs; `--only <word>` runs those whose name holds the word. */
const BENCHES: Array<{ name: string; run: (progress: (line: string) => void) => Promise<Rows> }> = [
  { name: 'append', run: appendBench },
  { name: 'readAll', run: async (progress) => rows(await readAllBench(progress)) },
  { name: 'render', run: renderBench },
  { name: 'catalogue', run: catalogueBench },
  { name: 'commerce', run: commerceBench },
  { name: 'accountStream', run: accountStreamBench },
  { name: 'actionLogIngest', run: actionLogIngestBench },
  { name: 'bundle', run: async (progress) => rows(await bundleBench(progress)) },
  { name: 'audioProcessing', run: async (progress) => rows(await audioProcessingBench(progress)) },
  { name: 'upload', run: async (progress) => rows(await uploadBench(progress)) },
  { name: 'replay', run: async (progress) => rows(await replayBench(progress)) },
  { name: 'mixedLoad', run: (progress) => mixedLoadBench(progress, Number(process.env.BENCH_LOAD_SECONDS ?? 60)) },
];

/**
 * `npm run bench`: measures, prints a table of ratios against baselines measured in this same
 * run, and writes bench/results.json. It asserts nothing (DESIGN: timing is never a test).
 * `npm run bench -- --only <word>` runs only the benches whose name holds the word (say
 * `actionLogIngest`) and leaves bench/results.json as the last full run wrote it.
 */
async function main(): Promise<void> {
  const started = performance.now();
  const progress = (line: string) => console.error(`[bench] ${line}`);
  progress(`node ${process.version}, ${os.cpus().length} cpus, temp files under ${os.tmpdir()}`);
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1]?.toLowerCase();
  const selected = BENCHES.filter((bench) => only === undefined || bench.name.toLowerCase().includes(only));
  if (selected.length === 0) throw new Error(`No bench is named like "${only}"; the benches: ${BENCHES.map((bench) => bench.name).join(', ')}`);

  const metrics: Metric[] = [];
  const notes: string[] = [];
  for (const bench of selected) {
    const result = await bench.run(progress);
    metrics.push(...result.metrics);
    notes.push(...result.notes);
  }

  console.log(formatTable(metrics));
  console.log('');
  for (const note of notes) console.log(note);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (only !== undefined) {
    console.log(`Ran ${selected.map((bench) => bench.name).join(', ')} in ${seconds} s; bench/results.json is left as the last full run wrote it.`);
    return;
  }
  const results = { date: new Date().toISOString(), node: process.version, metrics };
  const file = path.join(__dirname, 'results.json');
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), file)} in ${seconds} s.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
