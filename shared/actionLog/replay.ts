import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../store/rootReducer';
import { CHECKPOINT, stateHash } from './checkpoint';
import { type ActionLogEntry, SESSION_STARTED } from './entry';
import { INVARIANTS } from './invariants';
import { decodePageLoad, stateProblem } from './recordedState';

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

/** What a replay may spend: asked before each entry, it names why the replay must stop there, or null to go on. */
export interface ReplayBudget {
  exceeded(): string | null;
}

/** One entry as the replay met it: the state before and after it (null before the first page load), and what it found wrong there. */
export interface ReplayedStep {
  entry: ActionLogEntry;
  before: RootState | null;
  after: RootState | null;
  problem: string | null;
}

export interface SessionReplay {
  /** The state after the last entry replayed; null when the log holds no page load to start from. */
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
  /** Where the replay stopped short of the log's end (the last entry it replayed, if any) and why; null when it got to the end. */
  stopped: { after: number | null; reason: string } | null;
}

export interface ReplayOptions {
  budget?: ReplayBudget;
  /** Called for each entry replayed, in order. */
  onStep?(step: ReplayedStep): void;
  /** Hash each checkpoint and check every invariant (the default); without, the replay only folds, to reach a step's state. */
  checks?: boolean;
}

/**
 * Replays a whole session through `reducer`, page load by page load, checking each checkpoint's
 * hash and every invariant after each step, until the log ends or the budget is spent. Entries
 * before the first page load cannot be folded (their start state is lost) and are skipped.
 */
export function replaySession(entries: readonly ActionLogEntry[], reducer: Reducer<RootState> = rootReducer, options: ReplayOptions = {}): SessionReplay {
  const result: SessionReplay = { state: null, actions: 0, checkpoints: [], divergedAt: null, missing: [], invariantFailures: [], stopped: null };
  const checks = options.checks ?? true;
  const broken = new Set<string>();
  // A checkpoint after no action hashes the state the one before did.
  let hashed = null as { state: RootState; hash: string } | null;
  let previousSeq: number | null = null;
  // Set once an action leaves a state the invariants cannot read.
  let unreadable = false;
  for (const entry of inOrder(entries)) {
    const reason = options.budget?.exceeded() ?? null;
    if (reason !== null) {
      result.stopped = { after: previousSeq, reason };
      break;
    }
    if (previousSeq !== null && entry.seq > previousSeq + 1) result.missing.push({ from: previousSeq + 1, to: entry.seq - 1 });
    previousSeq = entry.seq;
    const before = result.state;
    let problem: string | null = null;
    if (entry.type === SESSION_STARTED) {
      const decoded = decodePageLoad(entry.payload);
      result.state = decoded.state;
      problem = decoded.problem;
      unreadable = false;
    } else if (result.state === null) {
      // Nothing to fold it into.
    } else if (entry.type === CHECKPOINT) {
      if (checks) {
        const recorded = (entry.payload as { hash?: unknown } | undefined)?.hash;
        if (hashed?.state !== result.state) hashed = { state: result.state, hash: stateHash(result.state) };
        const replayed = hashed.hash;
        result.checkpoints.push({ seq: entry.seq, recorded: String(recorded), replayed });
        if (recorded !== replayed && result.divergedAt === null) {
          result.divergedAt = entry.seq;
          problem = `Replay diverges from the recording here: recorded ${String(recorded)}, replayed ${replayed}`;
        }
      }
    } else {
      // A log anyone can write may carry an action no browser of this build sent: the replay goes on without it.
      const next = tryTo(() => reducer(result.state!, asAction(entry)));
      if ('failed' in next) problem = `This build's reducers could not replay this action (${next.failed}); the replay goes on from the state before it`;
      else {
        result.state = next.value;
        result.actions += 1;
        if (checks && !unreadable) {
          const checked = tryTo(() => firstBrokenInvariant(result, broken, entry.seq));
          if ('value' in checked) problem = checked.value;
          else {
            unreadable = true;
            problem = `From here the replayed state does not fit this build's (${stateProblem(result.state) ?? checked.failed}): the invariants are not checked`;
          }
        }
      }
    }
    options.onStep?.({ entry, before, after: result.state, problem });
  }
  return result;
}

function tryTo<T>(work: () => T): { value: T } | { failed: string } {
  try {
    return { value: work() };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/** Checks every invariant not broken yet; the first one found broken here is the step's problem. */
function firstBrokenInvariant(result: SessionReplay, broken: Set<string>, seq: number): string | null {
  let first: string | null = null;
  for (const invariant of INVARIANTS) {
    if (broken.has(invariant.name)) continue;
    const problem = invariant.check(result.state!);
    if (problem === null) continue;
    broken.add(invariant.name);
    result.invariantFailures.push({ seq, invariant: invariant.name, problem });
    first ??= `Invariant broken (${invariant.name}): ${problem}`;
  }
  return first;
}
