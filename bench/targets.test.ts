import { targetMet } from './targets';

describe('bench targets', () => {
  test.each([
    [{ value: 4.2, ratio: null, target: '< 5' }, true],
    [{ value: 6.3, ratio: null, target: '< 5 ms' }, false],
    [{ value: 50, ratio: 1.12, target: '< 1.10' }, false],
    [{ value: 50, ratio: 1.04, target: '≤ 1.10 (flat)' }, true],
    [{ value: 96, ratio: null, target: '≥ 95' }, true],
    [{ value: 1, ratio: 1.09, target: '≈ 1' }, true],
    [{ value: 1, ratio: 0.85, target: '≈ 1' }, false],
    [{ value: 0.3, ratio: 0.53, target: '≥ 0.25 of a file copy' }, true],
    [{ value: 1, ratio: null, target: null }, null],
    [{ value: 1, ratio: null, target: 'fast' }, null],
    [{ value: Number.NaN, ratio: null, target: '< 5' }, false],
  ])('%j is met: %s', (metric, met) => {
    expect(targetMet(metric)).toBe(met);
  });
});
