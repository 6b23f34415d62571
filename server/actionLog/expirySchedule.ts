import type { AppDeps } from '../appDeps';
import { expireActionLogs } from './actionLogExpiry';

export const EXPIRY_INTERVAL_MS = 60 * 60_000;

/**
 * Runs the action-log expiry at start-up and then every hour, in this process. Each run is
 * idempotent, so two servers on one database may both run it; moving it onto a job runner is
 * a matter of calling `expireActionLogs` from there instead.
 */
export function scheduleActionLogExpiry(deps: Pick<AppDeps, 'database' | 'config' | 'clock'>): { stop(): Promise<void> } {
  return repeatEvery(EXPIRY_INTERVAL_MS, 'Action-log expiry', () => expireActionLogs(deps.database, deps.config.actionLog, deps.clock.now()));
}

/** Runs `job` now and every `intervalMs` after the previous run ended; `stop` waits for a run under way. */
export function repeatEvery(intervalMs: number, name: string, job: () => Promise<unknown>): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void>;
  const run = () => {
    running = job().then(
      () => undefined,
      // A failed run (the database away for a moment) is retried by the next one.
      (error: unknown) => console.error(`${name} failed:`, error instanceof Error ? error.message : error),
    );
    void running.then(() => {
      if (stopped) return;
      timer = setTimeout(run, intervalMs);
      timer.unref();
    });
  };
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
