import fs from 'node:fs';
import path from 'node:path';
import type { UnknownAction } from '@reduxjs/toolkit';
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../store/rootReducer';
import { CHECKPOINT, CHECKPOINT_EVERY, stateHash } from './checkpoint';
import type { ActionLogEntry } from './entry';
import { createActionLogRecorder } from './recorder';
import { replay, replaySession } from './replay';
import { parseSessionFile, SessionFileError, sessionFileText } from './sessionFile';

/** A real buyer session recorded from a live server (test/actionLog/recordFixtureSession.ts). */
const fixture = parseSessionFile(fs.readFileSync(path.join(__dirname, '../../test/fixtures/actionLog/buyer-session.jsonl'), 'utf8'));
const seqOf = (type: string) => fixture.entries.find((entry) => entry.type === type)!.seq;

describe('replaying a recorded session', () => {
  test('the committed session replays through this build’s reducers: every checkpoint matches, every invariant holds', () => {
    const result = replaySession(fixture.entries);
    expect(result.checkpoints.length).toBeGreaterThanOrEqual(2);
    expect(result.divergedAt).toBeNull();
    expect(result.missing).toEqual([]);
    expect(result.invariantFailures).toEqual([]);
    expect(result.state).toEqual(replay(fixture.entries));
    expect(result.state?.cart.items.map((item) => item.product.name)).toEqual(['Faded Drive']);
  });

  test('a reducer that would replay history differently is caught at the first checkpoint after its action', () => {
    // A "harmless" change: the coupon field no longer lowercases what was typed.
    const changed = (state: RootState | undefined, action: UnknownAction): RootState => {
      const next = rootReducer(state, action);
      return action.type === 'cart/couponApplied' ? { ...next, cart: { ...next.cart, couponInput: 'SUMMER90' } } : next;
    };
    const result = replaySession(fixture.entries, changed);
    const firstCheckpointAfter = fixture.entries.find((entry) => entry.type === CHECKPOINT && entry.seq > seqOf('cart/couponApplied'))!.seq;
    expect(result.divergedAt).toBe(firstCheckpointAfter);
  });

  test('an entry that never arrived is named, and a broken invariant is found at its step', () => {
    const cartLoad = seqOf('cart/cartLoaded');
    const gapped = fixture.entries.filter((entry) => entry.seq !== cartLoad - 1);
    expect(replaySession(gapped).missing).toEqual([{ from: cartLoad - 1, to: cartLoad - 1 }]);
    const wrongTotal = fixture.entries.map((entry) =>
      entry.seq === cartLoad ? { ...entry, payload: { ...(entry.payload as Record<string, unknown>), total: 1 } } : entry,
    );
    expect(replaySession(wrongTotal).invariantFailures).toEqual([expect.objectContaining({ seq: cartLoad, invariant: 'cart total = items − discount + fees' })]);
  });

  test('an action this build’s reducers throw on is named at its step, and the replay goes on from the state before it', () => {
    const cartLoad = seqOf('cart/cartLoaded');
    const forged = fixture.entries.map((entry) => (entry.seq === cartLoad ? { ...entry, payload: null } : entry));
    const steps: { seq: number; problem: string | null }[] = [];
    const result = replaySession(forged, rootReducer, { onStep: ({ entry, problem }) => steps.push({ seq: entry.seq, problem }) });
    expect(steps.find((step) => step.seq === cartLoad)?.problem).toMatch(/^This build's reducers could not replay this action \(.+\); the replay goes on from the state before it$/);
    expect(steps).toHaveLength(fixture.entries.length);
    expect(result.state?.navigation.pathname).toBe('/beats');
  });

  test('the recorder writes a checkpoint every 50 actions and when asked, hashing the redacted state', () => {
    const slice = createSlice({ name: 'counter', initialState: { count: 0, email: 'ada@example.com' }, reducers: { bumped: (state) => void (state.count += 1) } });
    const recorder = createActionLogRecorder({ sessionId: 'tab-1', token: 'proof', now: () => new Date('2026-11-24T10:00:00.000Z') });
    const store = configureStore({ reducer: slice.reducer, middleware: (defaults) => defaults().concat(recorder.middleware) });
    recorder.start(store.getState());
    for (let i = 0; i < CHECKPOINT_EVERY + 3; i++) store.dispatch(slice.actions.bumped());
    recorder.checkpoint();
    const entries: ActionLogEntry[] = recorder.unacknowledged();
    const checkpoints = entries.filter((entry) => entry.type === CHECKPOINT);
    expect(checkpoints.map((entry) => entry.seq)).toEqual([CHECKPOINT_EVERY + 2, CHECKPOINT_EVERY + 6]);
    // The hash is of the redacted state: the email the state holds never decides it, and letters only go out.
    const hash = (checkpoints.at(-1)!.payload as { hash: string }).hash;
    expect(hash).toMatch(/^[a-p]{14}$/);
    expect(hash).toBe(stateHash({ count: CHECKPOINT_EVERY + 3, email: 'someone@else.example' } as unknown as RootState));
    expect(hash).not.toBe(stateHash({ count: CHECKPOINT_EVERY + 2, email: 'ada@example.com' } as unknown as RootState));
  });
});

describe('session files (JSON Lines)', () => {
  test('a session written and read back is the same session', () => {
    expect(parseSessionFile(sessionFileText(fixture))).toEqual(fixture);
  });

  test('a file that is not a session is refused as a whole, naming the line', () => {
    const header = JSON.stringify(fixture.header);
    const action = (seq: number) => JSON.stringify({ kind: 'action', seq, at: '2026-11-24T10:00:00.000Z', type: 'x' });
    const cases: [string, string][] = [
      ['', 'The file is empty: a session file starts with a "session" line'],
      [action(1), 'The first line must be the "session" line'],
      [`${header}\nnot json`, 'Line 2 is not JSON'],
      [`${header}\n{"kind":"note"}`, 'Line 2: "kind" must be session, action or event'],
      [`${header}\n${action(1)}\n${action(1)}`, 'Line 3: action 1 appears twice'],
      [`${header}\n{"kind":"action","seq":0,"at":"2026-11-24T10:00:00.000Z","type":"x"}`, 'Line 2 (action): seq: Expected a integer greater than or equal to 1 but received `0`'],
      [`${header}\n${header}`, 'Line 2: a file holds one session'],
    ];
    for (const [text, message] of cases) expect(() => parseSessionFile(text)).toThrow(new SessionFileError(message));
  });
});
