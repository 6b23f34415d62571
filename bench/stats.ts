export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile: with 200 samples, p99 is the second slowest. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Milliseconds taken by `work`, from a monotonic clock. */
export async function timeMs(work: () => Promise<void> | void): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}
