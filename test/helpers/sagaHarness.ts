import type { Saga } from 'redux-saga';
import { call, type CallEffect, delay, race, take } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ApiClient, ApiRequest } from '../../shared/api/apiClient';
import { rootReducer, type RootState } from '../../shared/store/rootReducer';

type ExpectSagaTest = ReturnType<typeof expectSaga>;

/** How each harness's test knows when its sagas are idle. */
const idleOf = new WeakMap<ExpectSagaTest, () => Promise<void>>();

/** The action that ends a harness's run: the saga under test is cancelled with all it forked. */
const STOP = '@@sagaHarness/stop';

/**
 * Runs a harness's test until its sagas have nothing left to do, instead of for a number of
 * milliseconds that a busy machine can exceed. Idle is: no action reduced for a few turns of the
 * event loop with every API call answered (every answer is a promise, every `delay` recorded, so
 * nothing waits on a clock), or for more turns while a call the test holds back stays unanswered.
 * `later` actions are dispatched one at a time, each once the sagas are idle again: the moments a
 * person acts after the page has settled. Then the saga is cancelled, as silentRun would at its
 * timeout, and the test's expectations are judged.
 */
export async function runUntilIdle(test: ExpectSagaTest, ...later: UnknownAction[]) {
  const idle = idleOf.get(test);
  if (!idle) throw new Error('runUntilIdle takes the test of a sagaHarness');
  const finished = test.run({ timeout: false });
  await idle();
  for (const action of later) {
    test.dispatch(action);
    await idle();
  }
  test.dispatch({ type: STOP });
  return finished;
}

/** redux-saga's own `delay` function, recognised so a test records the wait instead of sleeping. */
const delayFunction = (delay(0) as CallEffect).payload.fn;

export interface SagaHarnessOptions {
  /** Slices that differ from the store's initial state. */
  state?: Partial<RootState>;
  /** What the API answers: a value, a promise, or a thrown ApiError. */
  answer: (request: ApiRequest) => unknown;
  trackingId?: string;
  /** The coupon this browser remembers, and where a saved one goes. */
  couponMemory?: { code: string | null; saved: (string | null)[] };
}

/**
 * A saga against the real root reducer (expectSaga().withReducer), with the API answered by the
 * test, timers recorded rather than waited for, and every reduced action kept with its state.
 */
export function sagaHarness(saga: Saga, options: SagaHarnessOptions) {
  const calls: ApiRequest[] = [];
  const waits: number[] = [];
  const history: string[] = [];
  const reduced: { action: UnknownAction; state: RootState }[] = [];
  let unanswered = 0;
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      unanswered += 1;
      try {
        return (await options.answer(request)) as T;
      } finally {
        unanswered -= 1;
      }
    },
  };
  const initial = { ...rootReducer(undefined, { type: '@@test/init' }), ...options.state } as RootState;
  const reducer = (state: RootState | undefined, action: UnknownAction) => {
    const next = rootReducer(state, action);
    reduced.push({ action, state: next });
    return next;
  };
  const context: Record<string, unknown> = {
    api,
    history: { push: (url: string) => history.push(url), replace: (url: string) => history.push(`replace ${url}`), leave: (url: string) => history.push(`leave ${url}`) },
    now: () => new Date(0),
    trackingId: options.trackingId === undefined ? undefined : () => options.trackingId,
    couponMemory: options.couponMemory && {
      load: () => options.couponMemory!.code,
      save: (code: string | null) => options.couponMemory!.saved.push(code),
    },
  };
  const test = expectSaga(function* underTest() {
    yield race({ run: call(saga), stopped: take(STOP) });
  })
    .withReducer(reducer, initial)
    .provide({
      getContext: (name) => context[name as string],
      call(effect, next) {
        if (effect.fn === delayFunction) {
          waits.push(effect.args[0] as number);
          return undefined;
        }
        if (effect.fn === api.request) {
          // What was asked; the abort signal a cancellable call carries is the transport's.
          const { signal: _signal, ...request } = effect.args[0] as ApiRequest;
          calls.push(request);
        }
        return next();
      },
    });
  idleOf.set(test, async () => {
    let quietTurns = 0;
    let seen = -1;
    while (quietTurns < (unanswered === 0 ? 3 : 20)) {
      await new Promise((resolve) => setImmediate(resolve));
      quietTurns = reduced.length === seen ? quietTurns + 1 : 0;
      seen = reduced.length;
    }
  });
  /** The state right after the first action of `type` was reduced. */
  const stateAfter = (type: string) => reduced.find((entry) => entry.action.type === type)?.state;
  const types = () => reduced.map((entry) => entry.action.type);
  return { test, calls, waits, history, reduced, stateAfter, types };
}
