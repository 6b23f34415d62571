import { createAction } from '@reduxjs/toolkit';
import { all, call, takeEvery } from 'redux-saga/effects';
import { makeStore } from '../shared/store/makeStore';
import { actionRecorder } from '../test/helpers/actionUntil';
import { FLOW_RESTART_MS, keepFlowAlive } from './keepFlowAlive';
import { flowFailed } from './shell/failureActions';

const poked = createAction('test/poked');
const pinged = createAction('test/pinged');

/** Two flows under their boundaries, as browserRootSaga runs them, on a real store. */
function setup(brokenFlow: () => Generator) {
  const recorder = actionRecorder();
  const store = makeStore(undefined, {
    sagaContext: { api: { request: async () => undefined as never }, history: { push: () => undefined, replace: () => undefined }, now: () => new Date() },
    middleware: [recorder.middleware],
  });
  const pings: number[] = [];
  function* healthyFlow() {
    yield takeEvery(pinged.type, () => {
      pings.push(Date.now());
    });
  }
  store.runSaga(function* () {
    yield all([call(keepFlowAlive, 'broken', brokenFlow), call(keepFlowAlive, 'healthy', healthyFlow)]);
  });
  return { store, pings, dispatched: recorder.actions };
}

describe('keepFlowAlive: a boundary around each flow of the page', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  test('a flow that throws is said in an action of the log and restarted; the other flows keep working meanwhile', async () => {
    const handled: string[] = [];
    const { store, pings, dispatched } = setup(function* () {
      yield takeEvery(poked.type, () => {
        handled.push('poke');
        if (handled.length === 1) throw new Error('a bug in a handler');
      });
    });
    store.dispatch(poked());
    expect(dispatched).toContainEqual(flowFailed({ flow: 'broken', message: 'a bug in a handler', restartInMs: FLOW_RESTART_MS.first }));
    store.dispatch(pinged());
    expect(pings).toHaveLength(1);

    await jest.advanceTimersByTimeAsync(FLOW_RESTART_MS.first);
    store.dispatch(poked());
    expect(handled).toEqual(['poke', 'poke']);
    store.dispatch(pinged());
    expect(pings).toHaveLength(2);
  });

  test('a flow that fails at once every time backs off instead of spinning', async () => {
    let starts = 0;
    const { store, pings } = setup(function* () {
      starts += 1;
      throw new Error('broken at start');
    });
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    // 1 s, 2 s, 4 s … capped at 60 s: a handful of restarts in ten minutes, not thousands.
    expect(starts).toBeGreaterThan(5);
    expect(starts).toBeLessThan(20);
    store.dispatch(pinged());
    expect(pings).toHaveLength(1);
  });

  test('a flow that finishes stays finished', async () => {
    let starts = 0;
    setup(function* () {
      starts += 1;
      yield call(() => undefined);
    });
    await jest.advanceTimersByTimeAsync(5 * 60_000);
    expect(starts).toBe(1);
  });
});
