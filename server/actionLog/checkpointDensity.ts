import { CHECKPOINT, CHECKPOINT_EVERY, checkpointAllowance } from '../../shared/actionLog/checkpoint';
import { SESSION_STARTED } from '../../shared/actionLog/entry';
import { HttpError } from '../http/endpoint';
import type { DecodedEntry } from './batchDecoding';

/** Whether storing these entries can take the log past its checkpoint allowance (only a new checkpoint can). */
export const bringsCheckpoint = (fresh: readonly DecodedEntry[]): boolean => fresh.some((entry) => entry.type === CHECKPOINT);

/** The two entry types the allowance counts, read by the `(type, session_id)` index. */
export const COUNTED_TYPES = { checkpoint: CHECKPOINT, pageLoad: SESSION_STARTED } as const;

/**
 * Refuses a batch after which the log would hold more checkpoints than the recorder writes
 * (`checkpointAllowance`): support hashes the whole state at each one when it replays the log, so
 * a log of back-to-back checkpoints over a large state held the server for minutes.
 */
export function requireCheckpointAllowance(counts: { entries: number; checkpoints: number; pageLoads: number }): void {
  const actions = counts.entries - counts.checkpoints - counts.pageLoads;
  if (counts.checkpoints <= checkpointAllowance(actions, counts.pageLoads)) return;
  throw new HttpError(
    400,
    `This log would hold ${counts.checkpoints} checkpoints for ${actions} actions in ${counts.pageLoads} page loads; ` +
      `the storefront writes one every ${CHECKPOINT_EVERY} actions and one more per page load`,
  );
}
