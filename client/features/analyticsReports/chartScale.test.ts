import { labelledIndexes, niceCeiling, ticksUpTo } from './chartScale';

test('an axis ends on a round number at or above the largest value, never below its floor', () => {
  expect([niceCeiling(0, 5), niceCeiling(3, 5), niceCeiling(7, 5), niceCeiling(12, 5), niceCeiling(23, 5), niceCeiling(52_498, 500)]).toEqual([5, 5, 10, 20, 25, 100_000]);
});

test('ticks fall on whole steps of the top', () => {
  expect(ticksUpTo(5)).toEqual([0, 1, 2, 3, 4, 5]);
  expect(ticksUpTo(20)).toEqual([0, 5, 10, 15, 20]);
  expect(ticksUpTo(25)).toEqual([0, 5, 10, 15, 20, 25]);
  expect(ticksUpTo(100_000)).toEqual([0, 20_000, 40_000, 60_000, 80_000, 100_000]);
});

test('a month of days gets a label every few days, the last day always', () => {
  expect([...labelledIndexes(30, 6)]).toEqual([4, 9, 14, 19, 24, 29]);
  expect([...labelledIndexes(3, 6)]).toEqual([0, 1, 2]);
});
