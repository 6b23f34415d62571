import type { TimelineStep } from '../../schemas/support';

/** The address's query parameter that turns "Show all" on (`?all=1`). */
export const SHOW_ALL_PARAM = 'all';

/** One row of the support timeline: a step, or a burst of steps typing into one field shown as its last. */
export interface TimelineRow {
  /** The step the row shows and chooses: a burst's last, which holds the final value. */
  step: TimelineStep;
  /** The sequence numbers of the steps the row stands for, first to last. */
  seqs: number[];
}

/** A step is shown unless it is plumbing and "Show all" is off; a step where something went wrong is always shown. */
const isShown = (step: TimelineStep, showAll: boolean) => showAll || !step.plumbing || step.error !== null;

/**
 * The timeline's rows: the steps shown (plumbing only with `showAll`), each run of consecutive
 * steps typing into the same field folded into one row (a coupon typed key by key reads as the
 * code typed). The steps keep their numbers, so the frame and both sides still show any of them.
 */
export function timelineRows(steps: readonly TimelineStep[], showAll: boolean): TimelineRow[] {
  const rows: TimelineRow[] = [];
  for (const step of steps) {
    if (!isShown(step, showAll)) continue;
    const last = rows.at(-1);
    if (last && step.input !== null && last.step.input === step.input && step.error === null && last.step.error === null && step.notVisible === last.step.notVisible) {
      last.step = step;
      last.seqs.push(step.seq);
    } else {
      rows.push({ step, seqs: [step.seq] });
    }
  }
  return rows;
}

/** The row showing step `seq`, if one does. */
export const rowOf = (rows: readonly TimelineRow[], seq: number | null) => (seq === null ? undefined : rows.find((row) => row.seqs.includes(seq)));
