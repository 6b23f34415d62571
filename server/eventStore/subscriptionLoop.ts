import { type Logger, reasonOf } from '../logging/logger';
import type { EventHandler, ReadAllOptions, RecordedEvent, SubscribeOptions, Subscription } from './eventStore';

/** Pause between attempts while the database is unavailable (or the handler keeps failing). */
const RETRY_MS = 1000;

/**
 * Shared catch-up-then-follow loop: reads from its position until a page comes back short,
 * then sleeps until woken (an append in this process, a database notification) or the poll
 * interval passes (appends by other processes on SQLite). A failed read or handler is retried
 * from the same position a second later, for as long as it takes: a subscription outlives a
 * database outage, and nothing is skipped or handed over twice.
 */
export function startSubscription(options: {
  readAll: (options: ReadAllOptions) => Promise<RecordedEvent[]>;
  headPosition: () => Promise<number>;
  subscribe: SubscribeOptions;
  handler: EventHandler;
  onWake: (wake: () => void) => () => void;
  pollMs: number;
  /** Hears when the store cannot be read, and when it can again. */
  log: Logger;
}): Subscription {
  const batchSize = options.subscribe.batchSize ?? 500;
  let position = options.subscribe.after ?? 0;
  let closed = false;
  let wakeUp: (() => void) | null = null;
  let dirty = true;
  const wake = () => {
    dirty = true;
    wakeUp?.();
  };
  const unregister = options.onWake(wake);
  const timer = setInterval(wake, options.pollMs);
  timer.unref();

  let markCaughtUp: () => void = () => undefined;
  const caughtUp = new Promise<void>((resolve) => (markCaughtUp = resolve));

  let troubled = false;
  /** Runs `step` until it succeeds or the subscription closes; null when closed. */
  const retrying = async <T>(step: () => Promise<T>): Promise<T | null> => {
    while (!closed) {
      try {
        const result = await step();
        if (troubled) {
          troubled = false;
          options.log.warn('Event subscription reads the store again');
        }
        return result;
      } catch (error) {
        // Once per outage, not once a second.
        if (!troubled) {
          troubled = true;
          options.log.error({ reason: reasonOf(error) }, 'Event subscription cannot read the store, retrying every second');
        }
        await new Promise<void>((resolve) => {
          const pause = setTimeout(resolve, RETRY_MS);
          wakeUp = () => {
            // Only closing cuts a pause short; appends while the database is down change nothing.
            if (closed) {
              clearTimeout(pause);
              resolve();
            }
          };
        });
        wakeUp = null;
      }
    }
    return null;
  };

  /** Reads and hands over pages until one comes back short. */
  const drain = async () => {
    for (;;) {
      if (closed) return;
      const events = await options.readAll({ after: position, limit: batchSize, types: options.subscribe.types });
      // Filtering by type can skip positions, so the cursor moves to the last event read.
      if (events.length > 0) {
        await options.handler(events);
        position = events[events.length - 1]!.position;
      }
      if (events.length < batchSize) return;
    }
  };

  const loop = async () => {
    const target = await retrying(options.headPosition);
    if (target === null) return;
    let reachedTarget = position >= target;
    if (reachedTarget) markCaughtUp();
    while (!closed) {
      if (!dirty) await new Promise<void>((resolve) => (wakeUp = resolve));
      wakeUp = null;
      dirty = false;
      await retrying(drain);
      if (!reachedTarget && !closed) {
        reachedTarget = true;
        if (position < target) position = target;
        markCaughtUp();
      }
    }
  };

  const running = loop();

  return {
    caughtUp,
    position: () => position,
    async close() {
      closed = true;
      clearInterval(timer);
      unregister();
      wakeUp?.();
      await running;
    },
  };
}
