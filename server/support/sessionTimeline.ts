import type { UnknownAction } from '@reduxjs/toolkit';
import { CHECKPOINT } from '../../shared/actionLog/checkpoint';
import { type ActionLogEntry, SESSION_STARTED } from '../../shared/actionLog/entry';
import { replay, replaySession } from '../../shared/actionLog/replay';
import { stateDiff } from '../../shared/actionLog/stateDiff';
import type { TimelineStep } from '../../shared/schemas/support';
import { rootReducer, type RootState } from '../../shared/store/rootReducer';
import { SUMMARY_TYPES } from '../actionLog/sessionSummary';
import { cartLoaded } from '../../shared/features/cart/cartSlice';
import { navigationArrived, navigationRequested } from '../../shared/features/navigation/navigationSlice';


const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const field = (payload: unknown, name: string): unknown => (isRecord(payload) ? payload[name] : undefined);
const text = (value: unknown, fallback = '?') => (typeof value === 'string' || typeof value === 'number' ? String(value) : fallback);

function startedState(entry: ActionLogEntry): RootState {
  return field(entry.payload, 'state') as RootState;
}

/** Where a navigation went: the path and query its payload names. */
const destination = (payload: unknown) => `${text(field(payload, 'pathname'), '/')}${text(field(payload, 'search'), '')}`;

/**
 * What a person reads for an entry, and whether the buyer met an error there. `refusedCoupons`
 * holds the coupon refusals already marked: the storefront remembers an applied coupon and sends
 * it with every cart read, so one refusal comes back on every page load; only its first is news.
 */
function describe(entry: ActionLogEntry, refusedCoupons: Set<string>): { label: string; error: string | null } {
  if (entry.type === SESSION_STARTED) return { label: `Page load ${destination(field(field(entry.payload, 'state'), 'navigation'))}`, error: null };
  if (entry.type === navigationRequested.type) return { label: `Go to ${destination(entry.payload)}`, error: null };
  if (entry.type === navigationArrived.type) return { label: `Arrived at ${destination(entry.payload)}`, error: null };
  if (entry.type === SUMMARY_TYPES.failedRequest) {
    const { payload } = entry;
    const message = text(field(payload, 'message'), '');
    return { label: `${text(field(payload, 'method'))} ${text(field(payload, 'path'))} → ${text(field(payload, 'status'))}`, error: message || `Request failed with ${text(field(payload, 'status'))}` };
  }
  if (entry.type === SUMMARY_TYPES.errorToast) {
    const message = text(field(entry.payload, 'message'), '');
    return { label: `Error toast: ${message}`, error: message };
  }
  const couponError = entry.type === cartLoaded.type ? field(entry.payload, 'couponError') : undefined;
  if (typeof couponError === 'string') {
    const news = !refusedCoupons.has(couponError);
    refusedCoupons.add(couponError);
    return { label: `${entry.type}: coupon refused`, error: news ? couponError : null };
  }
  if (entry.type === CHECKPOINT) return { label: `Checkpoint ${text(field(entry.payload, 'hash'))}`, error: null };
  return { label: entry.type, error: null };
}

export interface Timeline {
  steps: TimelineStep[];
  divergedAt: number | null;
  missing: { from: number; to: number }[];
  viewport: { width: number; height: number };
}

/**
 * A session's log as the support console shows it: every entry with the state change it made in
 * this build's reducers, the errors the buyer met, and where the replay parts from the recording
 * (a checkpoint this build does not reproduce) or breaks an invariant.
 */
export function sessionTimeline(entries: readonly ActionLogEntry[]): Timeline {
  const checked = replaySession(entries, rootReducer);
  const replayErrors = new Map<number, string>();
  for (const failure of checked.invariantFailures) replayErrors.set(failure.seq, `Invariant broken (${failure.invariant}): ${failure.problem}`);
  for (const checkpoint of checked.checkpoints) {
    if (checkpoint.seq === checked.divergedAt) replayErrors.set(checkpoint.seq, `Replay diverges from the recording here: recorded ${checkpoint.recorded}, replayed ${checkpoint.replayed}`);
  }
  let viewport: Timeline['viewport'] | null = null;
  let state: RootState | null = null;
  const refusedCoupons = new Set<string>();
  const steps = [...entries]
    .sort((a, b) => a.seq - b.seq)
    .map((entry): TimelineStep => {
      const { label, error } = describe(entry, refusedCoupons);
      const base = { seq: entry.seq, at: entry.at, type: entry.type, label, error: replayErrors.get(entry.seq) ?? error, changes: [], moreChanges: 0 };
      if (entry.type === SESSION_STARTED) {
        state = startedState(entry);
        viewport ??= decodeViewport(field(entry.payload, 'viewport'));
        return { ...base, kind: 'pageLoad' };
      }
      if (entry.type === CHECKPOINT) return { ...base, kind: 'checkpoint' };
      if (state === null) return { ...base, kind: 'action' };
      const next: RootState = rootReducer(state, { type: entry.type, payload: entry.payload } as UnknownAction);
      const { changes, more } = stateDiff(state, next);
      state = next;
      return { ...base, kind: 'action', changes, moreChanges: more };
    });
  return { steps, divergedAt: checked.divergedAt, missing: checked.missing, viewport: viewport ?? DEFAULT_VIEWPORT };
}

function decodeViewport(value: unknown): Timeline['viewport'] | null {
  const width = field(value, 'width');
  const height = field(value, 'height');
  const size = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 200 && n <= 4000;
  return size(width) && size(height) ? { width: width as number, height: height as number } : null;
}

/** The state the buyer's tab had right after entry `seq`; null before its first page load. */
export function stateAtStep(entries: readonly ActionLogEntry[], seq: number): RootState | null {
  const upTo = entries.filter((entry) => entry.seq <= seq);
  if (!upTo.some((entry) => entry.type === SESSION_STARTED)) return null;
  return replay(upTo, rootReducer);
}
