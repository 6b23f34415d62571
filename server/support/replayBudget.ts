import v8 from 'node:v8';
import type { ReplayBudget } from '../../shared/actionLog/replay';
import type { SupportReplayConfig } from '../config';

/** Of the thread's heap, the share a replay may fill before it stops by itself (the pool's limit would end the thread). */
const HEAP_SHARE = 0.75;
/** The heap is looked at every this many entries; reading it costs a little. */
const HEAP_EVERY = 32;

export interface BudgetMeters {
  /** Milliseconds, from any origin. */
  now(): number;
  heapUsed(): number;
  heapLimit(): number;
}

const threadMeters: BudgetMeters = {
  now: () => performance.now(),
  heapUsed: () => v8.getHeapStatistics().used_heap_size,
  heapLimit: () => v8.getHeapStatistics().heap_size_limit,
};

/** A replay's budget on the replay thread: its seconds from now, and most of the thread's heap. */
export function replayBudget(limits: SupportReplayConfig, meters: BudgetMeters = threadMeters): ReplayBudget {
  const started = meters.now();
  const heapLimit = meters.heapLimit() * HEAP_SHARE;
  let asked = 0;
  return {
    exceeded() {
      if (meters.now() - started > limits.seconds * 1000) return `it ran past its budget of ${limits.seconds} s`;
      if (++asked % HEAP_EVERY === 0 && meters.heapUsed() > heapLimit) return `it ran past its memory budget of ${limits.memoryMb} MB`;
      return null;
    },
  };
}
