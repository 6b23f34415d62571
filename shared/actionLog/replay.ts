import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../store/rootReducer';
import { CHECKPOINT, stateHash } from './checkpoint';
import { type ActionLogEntry, SESSION_STARTED } from './entry';
import { INVARIANTS } from './invariants';

const inOrder = (entries: readonly ActionLogEntry[]) => [...entries].sort((a, b) => a.seq - b.seq);
const startState = (entry: ActionLogEntry) => (entry.payload as { state: RootState }).state;
const asAction = (entry: ActionLogEntry) => ({ type: entry.type, payload: entry.payload }) as UnknownAction;

/**
 * Rebuilds the state a browser session had from its action log: the last page load's
 * starting state, then every recorded action after it, in sequence order.
 */
export function replay(entries: readonly ActionLogEntry[], reducer: Reducer<RootState> = rootReducer): RootState {
  const ordered = inOrder(entries);
  const startIndex = ordered.findLastIndex((entry) => entry.type === SESSION_STARTED);
  if (startIndex < 0) throw new Error(`The log has no ${SESSION_STARTED} entry to start from`);
  return ordered
    .slice(startIndex + 1)
    .filter((entry) => entry.type !== CHECKPOINT)
    .reduce<RootState>((state, entry) => reducer(state, asAction(entry)), startState(ordered[startIndex]!));
}

export interface CheckpointResult {
  seq: number;
  recorded: string;
  replayed: string;
}

export interface InvariantFailure {
  seq: number;
  invariant: string;
  problem: string;
}

export interface SessionReplay {
  /** The state after the last entry; null when the log holds no page load to start from. */
  state: RootState | null;
  /** Actions folded (checkpoints and page loads not counted). */
  actions: number;
  checkpoints: CheckpointResult[];
  /** The first checkpoint whose hash this build's reducers do not reproduce. */
  divergedAt: number | null;
  /** Sequence numbers the log lacks (a batch that never arrived): checkpoints after one may not match. */
  missing: { from: number; to: number }[];
  /** The first step breaking each invariant. */
  invariantFailures: InvariantFailure[];
}

/**
 * Replays a whole session through `reducer`, page load by page load, checking each checkpoint's
 * hash and every invariant after each step. Entries before the first page load cannot be folded
 * (their start state is lost) and are skipped.
 */
export function replaySession(entries: readonly ActionLogEntry[], reducer: Reducer<RootState> = rootReducer): SessionReplay {
  const result: SessionReplay = { state: null, actions: 0, checkpoints: [], divergedAt: null, missing: [], invariantFailures: [] };
  const broken = new Set<string>();
  let previousSeq: number | null = null;
  for (const entry of inOrder(entries)) {
    if (previousSeq !== null && entry.seq > previousSeq + 1) result.missing.push({ from: previousSeq + 1, to: entry.seq - 1 });
    previousSeq = entry.seq;
    if (entry.type === SESSION_STARTED) {
      result.state = startState(entry);
      continue;
    }
    if (result.state === null) continue;
    if (entry.type === CHECKPOINT) {
      const recorded = (entry.payload as { hash?: unknown } | undefined)?.hash;
      const replayed = stateHash(result.state);
      result.checkpoints.push({ seq: entry.seq, recorded: String(recorded), replayed });
      if (recorded !== replayed && result.divergedAt === null) result.divergedAt = entry.seq;
      continue;
    }
    result.state = reducer(result.state, asAction(entry));
    result.actions += 1;
    for (const invariant of INVARIANTS) {
      if (broken.has(invariant.name)) continue;
      const problem = invariant.check(result.state);
      if (problem === null) continue;
      broken.add(invariant.name);
      result.invariantFailures.push({ seq: entry.seq, invariant: invariant.name, problem });
    }
  }
  return result;
}
