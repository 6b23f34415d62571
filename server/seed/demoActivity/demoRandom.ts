/**
 * A seeded pseudo-random source (mulberry32, public domain): the demo month is the same on every
 * machine and every run, so screenshots and the Chromium tests see the same shop.
 */
export interface DemoRandom {
  /** In [0, 1). */
  next(): number;
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One of `items`, each as likely as its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

export function demoRandom(seed: number): DemoRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const random: DemoRandom = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: (items) => {
      let left = next() * items.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [item, weight] of items) {
        left -= weight;
        if (left < 0) return item;
      }
      return items[items.length - 1]![0];
    },
  };
  return random;
}
