import type { Metric } from './metric';

/**
 * Whether a row meets its target. A target reads `<op> <number> [words]` (`< 1.10`, `≤ 3 ms`,
 * `≥ 95`, `≈ 1`); it bounds the ratio when the row has a baseline, the value otherwise. `≈` allows
 * 10% either way. A target the rule cannot read is reported as unjudged (null), not as met.
 */
export function targetMet(metric: Pick<Metric, 'value' | 'ratio' | 'target'>): boolean | null {
  if (metric.target === null) return null;
  const match = /^(<=|>=|≤|≥|<|>|≈)\s*(-?\d+(?:\.\d+)?)/.exec(metric.target.trim());
  if (!match) return null;
  const measured = metric.ratio ?? metric.value;
  if (!Number.isFinite(measured)) return false;
  const bound = Number(match[2]);
  switch (match[1]) {
    case '<':
      return measured < bound;
    case '<=':
    case '≤':
      return measured <= bound;
    case '>':
      return measured > bound;
    case '>=':
    case '≥':
      return measured >= bound;
    default:
      return Math.abs(measured - bound) <= 0.1 * Math.abs(bound);
  }
}
