import { configureStore, createSlice } from '@reduxjs/toolkit';
import { CHECKPOINT, CHECKPOINT_EVERY } from './checkpoint';
import { ACTION_LOG_LIMITS, SESSION_STARTED, STATE_VERSION } from './entry';
import { createActionLogRecorder } from './recorder';
import { REDACTED } from './redact';
import { replay } from './replay';

const player = createSlice({
  name: 'player',
  initialState: { volume: 1, currentTime: 0 },
  reducers: {
    volumeChanged: (state, action: { payload: number }) => {
      state.volume = action.payload;
    },
    timeTicked: {
      reducer: (state, action: { payload: number }) => {
        state.currentTime = action.payload;
      },
      prepare: (seconds: number) => ({ payload: seconds, meta: { ephemeral: true } }),
    },
  },
});

const clock = () => {
  let tick = 0;
  return () => new Date(Date.UTC(2026, 10, 21, 12, 0, tick++));
};

describe('action-log recorder', () => {
  const setup = (lastSeq = 0) => {
    const recorder = createActionLogRecorder({ sessionId: 'tab-1', token: 'proof', now: clock(), lastSeq });
    const store = configureStore({ reducer: player.reducer, middleware: (d) => d().concat(recorder.middleware) });
    recorder.start(store.getState());
    return { recorder, store };
  };

  test('records durable actions in order with seq and time, and skips ephemeral ones', () => {
    const { recorder, store } = setup();
    store.dispatch(player.actions.volumeChanged(0.5));
    store.dispatch(player.actions.timeTicked(12));
    store.dispatch(player.actions.volumeChanged(0.25));
    expect(recorder.takeBatch(10)).toEqual([
      { seq: 1, at: '2026-11-21T12:00:00.000Z', type: SESSION_STARTED, payload: { state: { volume: 1, currentTime: 0 }, stateVersion: STATE_VERSION } },
      { seq: 2, at: '2026-11-21T12:00:01.000Z', type: 'player/volumeChanged', payload: 0.5 },
      { seq: 3, at: '2026-11-21T12:00:02.000Z', type: 'player/volumeChanged', payload: 0.25 },
    ]);
  });

  test('redacts before anything is handed out', () => {
    const { recorder, store } = setup();
    store.dispatch({ type: 'auth/resetSubmitted', payload: { token: 'abc', password: 'x1y2z' } });
    expect(recorder.takeBatch(10)[1]!.payload).toEqual({ token: REDACTED, password: REDACTED });
  });

  test('keeps entries until acknowledged and sends failed ones again', () => {
    const { recorder, store } = setup();
    store.dispatch(player.actions.volumeChanged(0.5));
    store.dispatch(player.actions.volumeChanged(0.6));
    const first = recorder.takeBatch(2);
    expect(first.map((e) => e.seq)).toEqual([1, 2]);
    expect(recorder.pendingCount()).toBe(1);
    recorder.resendFrom(1);
    expect(recorder.takeBatch(10).map((e) => e.seq)).toEqual([1, 2, 3]);
    recorder.acknowledge(2);
    expect(recorder.unacknowledged().map((e) => e.seq)).toEqual([3]);
  });

  test('continues the tab\'s sequence on a later page load', () => {
    const { recorder } = setup(41);
    expect(recorder.takeBatch(1)[0]!.seq).toBe(42);
  });

  test('replay gives the state of durable actions', () => {
    const { recorder, store } = setup();
    store.dispatch(player.actions.volumeChanged(0.3));
    const state = replay(recorder.takeBatch(10), player.reducer as never) as unknown as { volume: number };
    expect(state.volume).toBe(store.getState().volume);
  });

  test('a payload over its limit is recorded as what was left out, so the log stays whole and the server takes it', () => {
    const recorder = createActionLogRecorder({ sessionId: 'tab-1', token: 'proof', now: clock() });
    const store = configureStore({ reducer: player.reducer, middleware: (d) => d().concat(recorder.middleware) });
    const state = { catalogue: 'x'.repeat(ACTION_LOG_LIMITS.maxPageLoadChars) };
    const viewport = { width: 390, height: 844 };
    recorder.start(state, viewport);
    store.dispatch({ type: 'catalogue/beatsPageLoaded', payload: 'y'.repeat(ACTION_LOG_LIMITS.maxPayloadChars) });
    store.dispatch(player.actions.volumeChanged(0.5));
    expect(recorder.takeBatch(10).map((entry) => entry.payload)).toEqual([
      { omittedChars: JSON.stringify({ state, stateVersion: STATE_VERSION, viewport }).length, stateVersion: STATE_VERSION, viewport },
      { omittedChars: ACTION_LOG_LIMITS.maxPayloadChars + 2 },
      0.5,
    ]);
  });

  test('a hidden page adds a checkpoint when something happened since the page’s last one, within one per page load beyond one per 50 actions', () => {
    const { recorder, store } = setup();
    recorder.checkpoint();
    recorder.checkpoint();
    store.dispatch(player.actions.volumeChanged(0.5));
    recorder.checkpoint();
    for (let i = 0; i < CHECKPOINT_EVERY; i++) store.dispatch(player.actions.volumeChanged(i / 100));
    recorder.checkpoint();
    const entries = recorder.takeBatch(100);
    // The page load's own; the hide told twice; past the allowance after one action; the 50th action
    // since the first writes one; and the last hide, one action later, is past the allowance again.
    expect(entries.filter((entry) => entry.type === CHECKPOINT).map((entry) => entry.seq)).toEqual([2, 53]);
    expect(entries).toHaveLength(54);
  });

  test('replay refuses a log without a start', () => {
    expect(() => replay([{ seq: 1, at: '2026-11-21T12:00:00.000Z', type: 'x' }])).toThrow(SESSION_STARTED);
  });
});
