/** One row of bench/results.json. */
export interface Metric {
  name: string;
  value: number;
  unit: string;
  /** The baseline's value measured in the same run, or null when the row has none. */
  baseline: number | null;
  /** value / baseline, or null without a baseline. */
  ratio: number | null;
  target: string | null;
}

export function compared(name: string, value: number, unit: string, baseline: number, target: string | null): Metric {
  return { name, value, unit, baseline, ratio: value / baseline, target };
}

export function standalone(name: string, value: number, unit: string): Metric {
  return { name, value, unit, baseline: null, ratio: null, target: null };
}
