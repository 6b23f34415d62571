import { replayBudget } from './replayBudget';

describe('a replay’s budget on its thread', () => {
  const meters = (heapUsed = 10) => {
    let now = 1_000;
    return { meters: { now: () => now, heapUsed: () => heapUsed, heapLimit: () => 100 }, advance: (ms: number) => (now += ms) };
  };

  test('its seconds count from the replay’s start', () => {
    const { meters: clock, advance } = meters();
    const budget = replayBudget({ seconds: 10, memoryMb: 256 }, clock);
    advance(10_000);
    expect(budget.exceeded()).toBeNull();
    advance(1);
    expect(budget.exceeded()).toBe('it ran past its budget of 10 s');
  });

  test('past three quarters of the thread’s heap it stops by itself, before the thread’s limit ends it', () => {
    const under = replayBudget({ seconds: 10, memoryMb: 256 }, meters(75).meters);
    const over = replayBudget({ seconds: 10, memoryMb: 256 }, meters(76).meters);
    const ask = (budget: ReturnType<typeof replayBudget>) => Array.from({ length: 64 }, () => budget.exceeded()).find((reason) => reason !== null) ?? null;
    expect(ask(under)).toBeNull();
    expect(ask(over)).toBe('it ran past its memory budget of 256 MB');
  });
});
