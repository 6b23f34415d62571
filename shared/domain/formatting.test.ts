import { formatDuration } from './duration';
import { formatCents, formatUsd } from './money';

describe('money (SPEC §9: USD)', () => {
  test.each([
    [0, '$0.00'],
    [9.5, '$9.50'],
    [199, '$199.00'],
    [1942, '$1,942.00'],
    [1234567.891, '$1,234,567.89'],
  ])('%p USD reads %s', (usd, text) => expect(formatUsd(usd)).toBe(text));

  test('cents read as dollars', () => expect(formatCents(194_200)).toBe('$1,942.00'));
});

describe('durations', () => {
  test.each([
    [0, '0:00'],
    [9.99, '0:09'],
    [26.6, '0:26'],
    [59.6, '0:59'],
    [60, '1:00'],
    [75.4, '1:15'],
    [754, '12:34'],
    [Number.NaN, '0:00'],
    [-3, '0:00'],
  ])('%p s reads %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});
