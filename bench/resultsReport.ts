import os from 'node:os';
import type { Chart } from './charts';
import type { Metric } from './metric';
import { formatNumber } from './table';
import { targetMet } from './targets';

export interface RunFacts {
  date: Date;
  seconds: number;
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');
const verdict = (met: boolean | null) => (met === null ? '—' : met ? 'met' : '**not met**');

/** The machine a run measured, as RESULTS.md and results.json state it. */
export function machineFacts() {
  const cpus = os.cpus();
  return { node: process.version, cpus: cpus.length, cpuModel: cpus[0]?.model.trim() ?? 'unknown', memoryGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${os.type()} ${os.release()}` };
}

/**
 * bench/RESULTS.md: when and where the run measured, then every row with its baseline, ratio,
 * target and whether it is met, the notes, and the charts of how cost grows.
 */
export function resultsMarkdown(facts: RunFacts, metrics: readonly Metric[], notes: readonly string[], charts: readonly Chart[]): string {
  const machine = machineFacts();
  const judged = metrics.map(targetMet).filter((met) => met !== null);
  const lines = [
    '# Benchmark results',
    '',
    `The last full \`npm run bench\`: ${facts.date.toISOString()}, ${facts.seconds.toFixed(0)} s, Node ${machine.node}, ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.platform}.`,
    `Every baseline was measured in the same run; a target bounds the ratio where there is a baseline, the value otherwise (bench/targets.ts). ${judged.filter(Boolean).length} of ${judged.length} targets met.`,
    '',
    '| metric | value | unit | baseline | ratio | target | met |',
    '|---|--:|---|--:|--:|---|---|',
    ...metrics.map(
      (metric) =>
        `| ${escapeCell(metric.name)} | ${formatNumber(metric.value, metric.unit)} | ${escapeCell(metric.unit)} | ${formatNumber(metric.baseline, metric.unit)} | ${metric.ratio === null ? '—' : metric.ratio.toFixed(2)} | ${escapeCell(metric.target ?? '—')} | ${verdict(targetMet(metric))} |`,
    ),
    '',
  ];
  if (notes.length > 0) lines.push('## Notes', '', ...notes.map((note) => `- ${note}`), '');
  if (charts.length > 0) lines.push('## How cost grows', '', ...charts.flatMap((chart) => [`![${chart.title}](charts/${chart.slug}.svg)`, '']));
  return lines.join('\n');
}
