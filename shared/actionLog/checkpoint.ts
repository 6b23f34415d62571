import canonicalize from 'canonicalize';
import type { RootState } from '../store/rootReducer';
import { redactState } from './redact';

/**
 * A checkpoint entry: a short hash of the state the browser had after the entry before it. Replay
 * folds the log and compares at each one, so the first step where this build's reducers and the
 * recording part ways is found, not only a different end state.
 */
export const CHECKPOINT = 'actionLog/checkpoint';

/** A checkpoint after this many recorded actions, and one whenever the page is hidden. */
export const CHECKPOINT_EVERY = 50;

/**
 * How many checkpoints a log may hold for its actions and page loads: one per CHECKPOINT_EVERY
 * actions, and one more per page load (the page being hidden). Each costs a hash of the whole
 * state when the log is replayed, so the recorder keeps to this and the server refuses more.
 */
export const checkpointAllowance = (actions: number, pageLoads: number): number => Math.floor(actions / CHECKPOINT_EVERY) + pageLoads;

/**
 * State that unrecorded (`meta.ephemeral`) actions change: playback ticks and title layout. Replay
 * cannot know it, so it is left out of the hash. So are the support console's own slice, the
 * reports' and the analytics console's (issue 13): they exist only for staff and producers, and
 * leaving them out keeps the buyer sessions recorded before them replaying true.
 */
function withoutUnhashedState(state: RootState): unknown {
  const { support: _support, analyticsReports: _reports, analyticsConsole: _console, ...hashed } = state;
  // A store of some slices only (a test's) has no player to leave out.
  if (typeof hashed.player !== 'object' || hashed.player === null) return hashed;
  const { currentTime: _time, currentTimeText: _timeText, seek: _seek, titleOverflows: _overflows, titleScrolled: _scrolled, ...player } = hashed.player;
  return { ...hashed, player };
}

/** cyrb53 (public domain): 53 well-mixed bits, fast enough to run in the browser every few dozen actions. */
function cyrb53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The hash of a state as the log can know it: redacted (the log holds redacted actions, so replay
 * holds redacted values), without ephemeral fields, keys in canonical order (RFC 8785), so a state
 * read back from JSON hashes the same as the live one. 14 letters a–p (hex digits shifted), so the
 * server's redaction can never take a run of its digits for a card number.
 */
export function stateHash(state: RootState): string {
  const plain = JSON.parse(JSON.stringify(withoutUnhashedState(state))) as unknown;
  const hex = cyrb53(canonicalize(redactState(plain)) ?? '').toString(16).padStart(14, '0');
  return [...hex].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');
}
