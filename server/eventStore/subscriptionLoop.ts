import type { EventHandler, ReadAllOptions, RecordedEvent, SubscribeOptions, Subscription } from './eventStore';

/**
 * Shared catch-up-then-follow loop: reads from its position until a page comes back short,
 * then sleeps until woken (an append in this process, a database notification) or the poll
 * interval passes (appends by other processes on SQLite).
 */
export function startSubscription(options: {
  readAll: (options: ReadAllOptions) => Promise<RecordedEvent[]>;
  headPosition: () => Promise<number>;
  subscribe: SubscribeOptions;
  handler: EventHandler;
  onWake: (wake: () => void) => () => void;
  pollMs: number;
  onError: (error: unknown) => void;
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
  let failCaughtUp: (error: unknown) => void = () => undefined;
  const caughtUp = new Promise<void>((resolve, reject) => {
    markCaughtUp = resolve;
    failCaughtUp = reject;
  });
  caughtUp.catch(() => undefined);

  const loop = async () => {
    const target = await options.headPosition();
    let reachedTarget = position >= target;
    if (reachedTarget) markCaughtUp();
    while (!closed) {
      if (!dirty) await new Promise<void>((resolve) => (wakeUp = resolve));
      wakeUp = null;
      dirty = false;
      for (;;) {
        if (closed) return;
        const events = await options.readAll({ after: position, limit: batchSize, types: options.subscribe.types });
        // Filtering by type can skip positions, so the cursor moves to the last event read.
        if (events.length > 0) {
          await options.handler(events);
          position = events[events.length - 1]!.position;
        }
        if (events.length < batchSize) break;
      }
      if (!reachedTarget) {
        reachedTarget = true;
        if (position < target) position = target;
        markCaughtUp();
      }
    }
  };

  const running = loop().catch((error: unknown) => {
    failCaughtUp(error);
    options.onError(error);
  });

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
