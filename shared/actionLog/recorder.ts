import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../store/rootReducer';
import { CHECKPOINT, CHECKPOINT_EVERY, checkpointAllowance, stateHash } from './checkpoint';
import { type ActionLogEntry, payloadLimitOf, SESSION_STARTED, STATE_VERSION } from './entry';
import { redactPayload } from './redact';

/** Actions that carry `meta.ephemeral` (playback ticks and the like) are not recorded. */
export function isEphemeral(action: UnknownAction): boolean {
  const meta = (action as { meta?: { ephemeral?: unknown } }).meta;
  return meta?.ephemeral === true;
}

export interface ActionLogRecorder {
  readonly sessionId: string;
  /** The server's proof that it issued `sessionId`; sent with every batch, never recorded. */
  readonly token: string;
  /** Opens the page load's log with the state the store started from and the window it is shown in. */
  start(preloadedState: unknown, viewport?: Viewport): void;
  /**
   * Records the hash of the store's state now (the page is being hidden): nothing before the
   * middleware ran, nothing when no action came since the page's last checkpoint, and no more
   * than `checkpointAllowance` lets a page load hold.
   */
  checkpoint(): void;
  middleware: Middleware;
  /** The next entries not yet sent, oldest first; they stay kept until acknowledged. */
  takeBatch(maxEntries: number): ActionLogEntry[];
  /** The server stored everything up to this sequence number. */
  acknowledge(upToSeq: number): void;
  /** A send failed: its entries go out again with the next batch. */
  resendFrom(seq: number): void;
  /** Every entry the server has not confirmed, for the page-hidden beacon. */
  unacknowledged(): ActionLogEntry[];
  /** Entries not yet sent. */
  pendingCount(): number;
  /** The last sequence number used, kept by the tab so the next page load continues it. */
  lastSeq(): number;
}

/** The window the session was seen in: support replays the storefront at this width. */
export interface Viewport {
  width: number;
  height: number;
}

export function createActionLogRecorder(options: {
  sessionId: string;
  token: string;
  now: () => Date;
  lastSeq?: number;
}): ActionLogRecorder {
  let seq = options.lastSeq ?? 0;
  let unacked: ActionLogEntry[] = [];
  let sentUpTo = seq;
  let sinceCheckpoint = 0;
  let actions = 0;
  let checkpoints = 0;
  let readState: (() => RootState) | null = null;

  const append = (entry: ActionLogEntry) => {
    seq = entry.seq;
    unacked.push(entry);
  };
  const record = (type: string, payload: unknown, keptWhenOmitted: Record<string, unknown> = {}) => {
    const entry: ActionLogEntry = { seq: seq + 1, at: options.now().toISOString(), type };
    if (payload !== undefined) {
      const redacted = redactPayload(type, JSON.parse(JSON.stringify(payload)) as unknown);
      // The server refuses a larger one, and with it the whole batch: the entry says what was left out instead.
      const chars = JSON.stringify(redacted).length;
      entry.payload = chars <= payloadLimitOf(type) ? redacted : { omittedChars: chars, ...keptWhenOmitted };
    }
    append(entry);
  };
  const checkpoint = () => {
    // Nothing new since the last one (the page's hiding is told twice, visibilitychange then pagehide), or no allowance left.
    if (!readState || (sinceCheckpoint === 0 && checkpoints > 0) || checkpoints >= checkpointAllowance(actions, 1)) return;
    sinceCheckpoint = 0;
    checkpoints += 1;
    append({ seq: seq + 1, at: options.now().toISOString(), type: CHECKPOINT, payload: { hash: stateHash(readState()) } });
  };
  const unsent = () => unacked.filter((entry) => entry.seq > sentUpTo);

  return {
    sessionId: options.sessionId,
    token: options.token,
    start(preloadedState, viewport) {
      const kept = { stateVersion: STATE_VERSION, ...(viewport ? { viewport } : {}) };
      record(SESSION_STARTED, { state: preloadedState, ...kept }, kept);
    },
    checkpoint,
    middleware: (api) => {
      readState = () => api.getState() as RootState;
      return (next) => (action) => {
        const result = next(action);
        const plain = action as UnknownAction;
        if (!isEphemeral(plain)) {
          record(plain.type, plain.payload);
          actions += 1;
          if (++sinceCheckpoint >= CHECKPOINT_EVERY) checkpoint();
        }
        return result;
      };
    },
    takeBatch(maxEntries) {
      const batch = unsent().slice(0, maxEntries);
      if (batch.length > 0) sentUpTo = batch[batch.length - 1]!.seq;
      return batch;
    },
    acknowledge(upToSeq) {
      unacked = unacked.filter((entry) => entry.seq > upToSeq);
    },
    resendFrom(fromSeq) {
      sentUpTo = Math.min(sentUpTo, fromSeq - 1);
    },
    unacknowledged: () => [...unacked],
    pendingCount: () => unsent().length,
    lastSeq: () => seq,
  };
}
