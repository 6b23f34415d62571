/**
 * The top of a value axis: the smallest of 1, 2, 2.5, 5 or 10 times a power of ten at or above
 * `max` (never below `floor`), so its ticks fall on round numbers.
 */
export function niceCeiling(max: number, floor: number): number {
  const value = Math.max(max, floor);
  const power = 10 ** Math.floor(Math.log10(value));
  const fraction = value / power;
  const nice = [1, 2, 2.5, 5, 10].find((step) => fraction <= step + 1e-9) ?? 10;
  return nice * power;
}

/**
 * The ticks from 0 to a nice top, on whole numbers of the top's step: a top of 5, 10 or 25 in five
 * steps, of 2 or 20 in four.
 */
export function ticksUpTo(top: number): number[] {
  const leading = top / 10 ** Math.floor(Math.log10(top));
  const steps = Math.abs(leading - 2) < 1e-9 ? 4 : 5;
  return Array.from({ length: steps + 1 }, (_, index) => (top * index) / steps);
}

/** Which of `count` categories get a label on an axis `room` labels wide: evenly apart, and always the last. */
export function labelledIndexes(count: number, room: number): Set<number> {
  const every = Math.max(1, Math.ceil(count / room));
  return new Set(Array.from({ length: count }, (_, index) => index).filter((index) => (count - 1 - index) % every === 0));
}

/** Dollars on an axis go up to $5 at least, in whole dollars: an empty range still has a scale worth reading. */
export const MONEY_FLOOR_CENTS = 500;
/** Counts on an axis go up to 5 at least, in whole steps. */
export const COUNT_FLOOR = 5;
