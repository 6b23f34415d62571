import type { Saga } from 'redux-saga';
import { type CallEffect, delay } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ApiClient, ApiRequest } from '../../shared/api/apiClient';
import { rootReducer, type RootState } from '../../shared/store/rootReducer';

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
  const api: ApiClient = { request: async <T,>(request: ApiRequest) => (await options.answer(request)) as T };
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
  const test = expectSaga(saga)
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
  /** The state right after the first action of `type` was reduced. */
  const stateAfter = (type: string) => reduced.find((entry) => entry.action.type === type)?.state;
  const types = () => reduced.map((entry) => entry.action.type);
  return { test, calls, waits, history, reduced, stateAfter, types };
}
