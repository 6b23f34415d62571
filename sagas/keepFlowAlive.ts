import type { Saga } from 'redux-saga';
import { call, delay, getContext, put } from 'redux-saga/effects';
import { flowFailed } from './shell/failureActions';

/** The first restart waits this long; each failure in a row doubles it, up to the cap. */
export const FLOW_RESTART_MS = { first: 1_000, max: 60_000 } as const;
/** A flow that ran this long before failing starts its back-off afresh. */
const STEADY_MS = 60_000;

/**
 * Runs one of the page's flows (a saga and the tasks it forks) and, should an uncaught error end
 * it, logs the error and starts the flow again: one bug in one flow must not stop every other flow
 * of the page, as it would inside a plain `all`. Restarts back off, so a flow that fails at once
 * every time costs a log line a minute, not a busy loop. A flow that returns stays finished.
 */
export function* keepFlowAlive(name: string, flow: Saga, ...args: unknown[]) {
  const now: () => Date = yield getContext('now');
  let wait: number = FLOW_RESTART_MS.first;
  for (;;) {
    const startedAt = now().getTime();
    try {
      yield call(flow, ...args);
      return;
    } catch (error) {
      if (now().getTime() - startedAt >= STEADY_MS) wait = FLOW_RESTART_MS.first;
      // The message only: what an action carried (a user's data) stays out of the log.
      yield put(flowFailed({ flow: name, message: error instanceof Error ? error.message : String(error), restartInMs: wait }));
    }
    yield delay(wait);
    wait = Math.min(wait * 2, FLOW_RESTART_MS.max);
  }
}
