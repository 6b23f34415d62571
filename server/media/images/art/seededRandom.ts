/** mulberry32: small and seeded, so the same product always gets the same art on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Dice {
  /** A number in [low, high). */
  between(low: number, high: number): number;
  int(low: number, high: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function dice(seed: number): Dice {
  const next = seededRandom(seed);
  const between = (low: number, high: number) => low + next() * (high - low);
  return {
    between,
    int: (low, high) => Math.floor(between(low, high + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
  };
}
