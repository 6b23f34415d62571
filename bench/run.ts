import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accountStreamBench } from './accountStreamBench';
import { analyticsBench } from './analyticsBench';
import { actionLogIngestBench } from './actionLogIngestBench';
import { appendBench } from './appendBench';
import { audioProcessingBench } from './audioProcessingBench';
import { bundleBench } from './bundleBench';
import { catalogueBench } from './catalogueBench';
import { commerceBench } from './commerceBench';
import { lighthouseBench } from './lighthouseBench';
import { mixedLoadBench } from './mixedLoadBench';
import type { Metric } from './metric';
import { readAllBench } from './readAllBench';
import { renderBench } from './renderBench';
import { replayBench } from './replayBench';
import { startupBench } from './startupBench';
import { supportReadBench } from './supportReadBench';
import { type Chart, chartSvg } from './charts';
import { machineFacts, resultsMarkdown } from './resultsReport';
import { formatTable } from './table';
import { targetMet } from './targets';
import { uploadBench } from './uploadBench';
import { webhookBench } from './webhookBench';

type Rows = { metrics: Metric[]; notes: string[]; charts?: Chart[] };
const rows = (metrics: Metric[]): Rows => ({ metrics, notes: [] });

/** What a bench is told: `quick` asks for a smaller run (`npm run bench -- --quick`, under 2 minutes in all). */
export interface BenchOptions {
  quick: boolean;
}

/** Every bench, in the order it runs; `--only <word>` runs those whose name holds the word. */
const BENCHES: Array<{ name: string; run: (progress: (line: string) => void, options: BenchOptions) => Promise<Rows> }> = [
  { name: 'append', run: appendBench },
  { name: 'readAll', run: async (progress) => rows(await readAllBench(progress)) },
  { name: 'render', run: renderBench },
  { name: 'catalogue', run: catalogueBench },
  { name: 'commerce', run: commerceBench },
  { name: 'accountStream', run: accountStreamBench },
  { name: 'actionLogIngest', run: actionLogIngestBench },
  { name: 'analytics', run: analyticsBench },
  { name: 'webhooks', run: webhookBench },
  { name: 'lighthouse', run: lighthouseBench },
  { name: 'bundle', run: async (progress) => rows(await bundleBench(progress)) },
  { name: 'audioProcessing', run: async (progress, options) => rows(await audioProcessingBench(progress, options)) },
  { name: 'upload', run: async (progress, options) => rows(await uploadBench(progress, options)) },
  { name: 'replay', run: async (progress, options) => rows(await replayBench(progress, options)) },
  { name: 'supportRead', run: async (progress, options) => rows(await supportReadBench(progress, options)) },
  { name: 'startup', run: startupBench },
  // Quick: 2 s to find the peak, 4 s at half of it.
  { name: 'mixedLoad', run: (progress, options) => (options.quick ? mixedLoadBench(progress, 3, 1) : mixedLoadBench(progress, Number(process.env.BENCH_LOAD_SECONDS ?? 60))) },
];

/**
 * `npm run bench`: measures, prints a table of ratios against baselines measured in this same
 * run, and writes bench/results.json, bench/RESULTS.md and the charts of bench/charts/. It asserts
 * nothing (DESIGN: timing is never a test). `--quick` runs every bench smaller (under 2 minutes)
 * and `--only <word>` the benches whose name holds the word; both print and write nothing, so the
 * committed files stay those of the last full run.
 */
async function main(): Promise<void> {
  const started = performance.now();
  const progress = (line: string) => console.error(`[bench] ${line}`);
  const machine = machineFacts();
  progress(`node ${machine.node}, ${machine.cpus} cpus, temp files under ${os.tmpdir()}`);
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1]?.toLowerCase();
  const quick = process.argv.includes('--quick');
  const selected = BENCHES.filter((bench) => only === undefined || bench.name.toLowerCase().includes(only));
  if (selected.length === 0) throw new Error(`No bench is named like "${only}"; the benches: ${BENCHES.map((bench) => bench.name).join(', ')}`);

  const metrics: Metric[] = [];
  const notes: string[] = [];
  const charts: Chart[] = [];
  for (const bench of selected) {
    const benchStarted = performance.now();
    const result = await bench.run(progress, { quick });
    progress(`${bench.name}: ${((performance.now() - benchStarted) / 1000).toFixed(1)} s`);
    metrics.push(...result.metrics);
    notes.push(...result.notes);
    charts.push(...(result.charts ?? []));
  }

  console.log(formatTable(metrics));
  console.log('');
  for (const note of notes) console.log(note);
  const seconds = (performance.now() - started) / 1000;
  if (only !== undefined || quick) {
    console.log(`Ran ${quick ? 'the quick suite' : selected.map((bench) => bench.name).join(', ')} in ${seconds.toFixed(1)} s; bench/results.json and RESULTS.md are left as the last full run wrote them.`);
    return;
  }
  const date = new Date();
  fs.writeFileSync(path.join(__dirname, 'results.json'), `${JSON.stringify({ date: date.toISOString(), seconds, ...machine, metrics: metrics.map((metric) => ({ ...metric, met: targetMet(metric) })) }, null, 2)}\n`);
  const chartDir = path.join(__dirname, 'charts');
  fs.rmSync(chartDir, { recursive: true, force: true });
  fs.mkdirSync(chartDir, { recursive: true });
  for (const chart of charts) fs.writeFileSync(path.join(chartDir, `${chart.slug}.svg`), chartSvg(chart));
  fs.writeFileSync(path.join(__dirname, 'RESULTS.md'), resultsMarkdown({ date, seconds }, metrics, notes, charts));
  console.log(`Wrote bench/results.json, bench/RESULTS.md and ${charts.length} chart(s) in ${seconds.toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
