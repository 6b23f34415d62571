import type { Metric } from './metric';

export const formatNumber = (value: number | null, unit?: string): string => {
  if (value === null || Number.isNaN(value)) return '-';
  // Throughputs read best as whole numbers, latencies need their decimals.
  const digits = unit === 'events/s' ? 0 : 2;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

/** A plain-text table, numbers right-aligned, for the terminal and for pasting into reports. */
export function formatTable(metrics: readonly Metric[]): string {
  const header = ['metric', 'value', 'unit', 'baseline', 'ratio', 'target'];
  const rows = metrics.map((metric) => [
    metric.name,
    formatNumber(metric.value, metric.unit),
    metric.unit,
    formatNumber(metric.baseline, metric.unit),
    metric.ratio === null ? '-' : metric.ratio.toFixed(2),
    metric.target ?? '-',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const leftAligned = new Set([0, 2, 5]);
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (leftAligned.has(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}
