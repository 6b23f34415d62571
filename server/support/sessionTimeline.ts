import { CHECKPOINT } from '../../shared/actionLog/checkpoint';
import { type ActionLogEntry, SESSION_STARTED } from '../../shared/actionLog/entry';
import { stateProblem } from '../../shared/actionLog/recordedState';
import { type ReplayBudget, type ReplayedStep, replaySession, type SessionReplay } from '../../shared/actionLog/replay';
import { stateDiff } from '../../shared/actionLog/stateDiff';
import type { StateChange, TimelineStep } from '../../shared/schemas/support';
import { rootReducer } from '../../shared/store/rootReducer';
import { SUMMARY_TYPES } from '../actionLog/sessionSummary';
import { cartLoaded } from '../../shared/features/cart/cartSlice';
import { REDACTED } from '../../shared/schemas/personal';
import { type LabelContext, stepWords, type StepWords } from './stepLabels';


const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const field = (payload: unknown, name: string): unknown => (isRecord(payload) ? payload[name] : undefined);
const text = (value: unknown, fallback = '?') => (typeof value === 'string' || typeof value === 'number' ? String(value) : fallback);

/**
 * What a person reads for an entry (stepLabels.ts), and whether the buyer met an error there.
 * `refusedCoupons` holds the coupon refusals already marked: the storefront remembers an applied
 * coupon and sends it with every cart read, so one refusal comes back on every page load; only
 * its first is news, and the rest are plumbing.
 */
function describe(entry: ActionLogEntry, context: LabelContext, refusedCoupons: Set<string>): StepWords & { error: string | null } {
  const words = stepWords(entry.type, entry.payload, context);
  if (entry.type === SUMMARY_TYPES.failedRequest) {
    const message = text(field(entry.payload, 'message'), '');
    return { ...words, error: message || `Request failed with ${text(field(entry.payload, 'status'))}` };
  }
  if (entry.type === SUMMARY_TYPES.errorToast) return { ...words, error: text(field(entry.payload, 'message'), '') || null };
  const couponError = entry.type === cartLoaded.type ? field(entry.payload, 'couponError') : undefined;
  if (typeof couponError === 'string') {
    const news = !refusedCoupons.has(couponError);
    refusedCoupons.add(couponError);
    const coupon = context.before?.cart?.couponInput;
    const label = `The shop refused coupon ${typeof coupon === 'string' && coupon !== '' && coupon !== REDACTED ? coupon : '(hidden)'}`;
    return { label, plumbing: !news, input: null, error: news ? couponError : null };
  }
  return { ...words, error: null };
}

export interface Timeline {
  steps: TimelineStep[];
  divergedAt: number | null;
  missing: { from: number; to: number }[];
  viewport: { width: number; height: number };
  /** Where the replay stopped short of the log's end (the last step shown, if any) and why; null when it shows every step. */
  stopped: { after: number | null; reason: string } | null;
}

export interface TimelineLimits {
  budget?: ReplayBudget;
  /** Characters of labels, errors and state changes the timeline shows at most: past them the replay stops, since the server's event loop sends the answer. */
  maxShownChars?: number;
  /** Called with each step as it is made. */
  onStep?(step: TimelineStep): void;
}

/** A label or an error holds at most this many characters: both repeat what a stranger's log says. */
const SHOWN_TEXT_CHARS = 500;
const clip = (text: string) => (text.length > SHOWN_TEXT_CHARS ? `${text.slice(0, SHOWN_TEXT_CHARS - 1)}…` : text);
const sizeOf = (chars: number) => (chars >= 1024 * 1024 ? `${Math.round(chars / 1024 / 1024)} MB` : `${Math.ceil(chars / 1024)} KB`);
const changeChars = (changes: readonly StateChange[]) => changes.reduce((sum, change) => sum + change.path.length + change.before.length + change.after.length, 0);
const stepChars = (step: TimelineStep) => step.label.length + (step.error?.length ?? 0) + changeChars(step.changes);

/**
 * A session's log as the support console shows it: every entry with the state change it made in
 * this build's reducers, the errors the buyer met, and where the replay parts from the recording
 * (a checkpoint this build does not reproduce) or breaks an invariant. One replay does it all,
 * within `limits`: a log that would cost more is shown up to where the replay stopped.
 */
export function sessionTimeline(entries: readonly ActionLogEntry[], limits: TimelineLimits = {}): Timeline {
  let viewport: Timeline['viewport'] | null = null;
  let shownChars = 0;
  const maxShownChars = limits.maxShownChars ?? Infinity;
  const budget: ReplayBudget = {
    exceeded: () => (shownChars > maxShownChars ? `its timeline passed the ${sizeOf(maxShownChars)} one answer shows` : (limits.budget?.exceeded() ?? null)),
  };
  const refusedCoupons = new Set<string>();
  const steps: TimelineStep[] = [];
  const replayed = replaySession(entries, rootReducer, {
    budget,
    onStep({ entry, before, after, problem }) {
      const { label, plumbing, input, error } = describe(entry, { before, after }, refusedCoupons);
      const shownError = problem ?? error;
      const base = { seq: entry.seq, at: entry.at, type: entry.type, label: clip(label), plumbing, input, error: shownError === null ? null : clip(shownError), changes: [], moreChanges: 0 };
      let step: TimelineStep;
      if (entry.type === SESSION_STARTED) {
        viewport ??= decodeViewport(field(entry.payload, 'viewport'));
        step = { ...base, kind: 'pageLoad' };
      } else if (entry.type === CHECKPOINT) {
        step = { ...base, kind: 'checkpoint' };
      } else if (before === null) {
        step = { ...base, kind: 'action' };
      } else {
        const { changes, more } = stateDiff(before, after);
        step = { ...base, kind: 'action', changes, moreChanges: more };
      }
      shownChars += stepChars(step);
      steps.push(step);
      limits.onStep?.(step);
    },
  });
  return { steps, divergedAt: replayed.divergedAt, missing: replayed.missing, viewport: viewport ?? DEFAULT_VIEWPORT, stopped: replayed.stopped };
}

function decodeViewport(value: unknown): Timeline['viewport'] | null {
  const width = field(value, 'width');
  const height = field(value, 'height');
  const size = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 200 && n <= 4000;
  return size(width) && size(height) ? { width: width as number, height: height as number } : null;
}

/**
 * The state the buyer's tab had right after entry `seq`, folded from the last page load before it
 * as far as the budget lets the replay go, and decoded with the state's schema: null before the
 * session's first page load, or with the `problem` that keeps it from being shown.
 */
export function stateAtStep(
  entries: readonly ActionLogEntry[],
  seq: number,
  budget?: ReplayBudget,
  onStep?: (step: ReplayedStep) => void,
): Pick<SessionReplay, 'state' | 'stopped'> & { problem: string | null } {
  const upTo = entries.filter((entry) => entry.seq <= seq).sort((a, b) => a.seq - b.seq);
  const start = upTo.findLastIndex((entry) => entry.type === SESSION_STARTED);
  if (start < 0) return { state: null, stopped: null, problem: null };
  let pageLoadProblem: string | null = null;
  const { state, stopped } = replaySession(upTo.slice(start), rootReducer, {
    budget,
    checks: false,
    onStep(step) {
      if (step.entry.type === SESSION_STARTED) pageLoadProblem = step.problem;
      onStep?.(step);
    },
  });
  if (stopped || state === null) return { state: null, stopped, problem: pageLoadProblem && `${pageLoadProblem} (the page load at step ${upTo[start]!.seq})` };
  const unfit = stateProblem(state);
  return unfit === null ? { state, stopped, problem: null } : { state: null, stopped, problem: `The replayed state does not fit this build's here (${unfit})` };
}
