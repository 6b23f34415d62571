import fs from 'node:fs';
import path from 'node:path';
import { rootReducer } from '../store/rootReducer';
import { STATE_VERSION } from './entry';
import { decodePageLoad, stateProblem } from './recordedState';
import { parseSessionFile } from './sessionFile';

const FIXTURE = parseSessionFile(fs.readFileSync(path.join(__dirname, '../../test/fixtures/actionLog/buyer-session.jsonl'), 'utf8'));
const RECORDED = FIXTURE.entries[0]!.payload as { state: Record<string, unknown>; viewport: unknown };

describe('decoding a recorded page load', () => {
  test('a page load the storefront recorded decodes to its state; a slice added since starts as this build starts it', () => {
    // A page load recorded before the analytics console's slice existed.
    const { analyticsConsole: _added, ...olderState } = RECORDED.state;
    const older = { ...RECORDED, state: olderState };
    const decoded = decodePageLoad(older);
    expect(decoded).toMatchObject({ state: olderState, problem: null });
    expect(decoded.state?.analyticsConsole).toEqual(rootReducer(undefined, { type: 'x' }).analyticsConsole);
    expect(decodePageLoad(RECORDED)).toMatchObject({ state: RECORDED.state, problem: null });
    expect(decodePageLoad({ ...older, stateVersion: STATE_VERSION })).toEqual(decoded);
  });

  test.each([
    ['no payload', undefined, 'This page load carries no state to replay from'],
    ['a state left out for its size', { omittedChars: 140_000, viewport: RECORDED.viewport }, "This page load's state (137 KB) was over the log's limit and was not recorded"],
    ['a version that is not one', { ...RECORDED, stateVersion: 'two' }, 'This page load carries no state version this build can read'],
    ['a newer version', { ...RECORDED, stateVersion: STATE_VERSION + 1 }, `Recorded by a newer build (state version ${STATE_VERSION + 1}; this build reads up to ${STATE_VERSION})`],
    ['a slice that is not an object', { state: { ...RECORDED.state, wishlist: [] } }, "This page load's state does not fit this build's (its wishlist is not an object): recorded by an older build, or not by the storefront"],
  ])('%s is refused, saying why', (_what, payload, problem) => {
    expect(decodePageLoad(payload)).toEqual({ state: null, problem });
  });

  test('a state the replay reached is checked with the same schema', () => {
    expect(stateProblem(RECORDED.state)).toBeNull();
    expect(stateProblem({ ...RECORDED.state, checkout: { ...(RECORDED.state.checkout as object), order: { id: 7 } } })).toBe('checkout.order.id: Expected a string, but received: 7');
  });
});
