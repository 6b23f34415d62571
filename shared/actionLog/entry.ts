import { array, assign, type Infer, integer, min, object, optional, pattern, size, string, unknown } from 'superstruct';

/** One recorded action of a browser session (DESIGN contract 2). */
export interface ActionLogEntry {
  seq: number;
  at: string;
  type: string;
  payload?: unknown;
}

/** The first entry of every page load: the (redacted) state the server handed the browser. */
export const SESSION_STARTED = 'actionLog/sessionStarted';

/**
 * The version of the state a page load records (its payload's `stateVersion`). Raise it when a
 * change to a slice would make a state recorded before it read wrongly, and add the step from the
 * old shape to the new to UPCASTS (recordedState.ts). Page loads recorded before there was a
 * version hold version 1.
 */
export const STATE_VERSION = 1;

export const ACTION_LOG_LIMITS = {
  maxEntriesPerBatch: 500,
  maxBatchBytes: 256 * 1024,
  maxTypeLength: 200,
  /**
   * JSON characters of one entry's payload, as redacted. Support replays every entry and hashes
   * the state at each checkpoint, so what one entry may hold bounds what reading a log costs.
   */
  maxPayloadChars: 64 * 1024,
  /** A page load's payload carries the whole state the page started from. */
  maxPageLoadChars: 128 * 1024,
} as const;

/** The most JSON characters an entry of this type may carry. */
export const payloadLimitOf = (type: string): number => (type === SESSION_STARTED ? ACTION_LOG_LIMITS.maxPageLoadChars : ACTION_LOG_LIMITS.maxPayloadChars);

/**
 * What the recorder keeps of a payload over its limit: its size (and a page load's viewport), so
 * the log stays whole and support reads that something was left out, and where.
 */
export interface OmittedPayload {
  omittedChars: number;
}

export function omittedChars(payload: unknown): number | null {
  if (typeof payload !== 'object' || payload === null || !('omittedChars' in payload)) return null;
  const chars = (payload as OmittedPayload).omittedChars;
  return typeof chars === 'number' ? chars : null;
}

const isoTimestamp = pattern(string(), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);

export const ActionLogEntrySchema = object({
  seq: min(integer(), 1),
  at: isoTimestamp,
  type: size(string(), 1, ACTION_LOG_LIMITS.maxTypeLength),
  payload: optional(unknown()),
});

/**
 * A log id the server issued with each rendered page and its proof (an HMAC of the id): a
 * batch is stored only with both, so knowing a tab's id (it travels as X-Tracking-Id) is not
 * enough to write into its log.
 */
export const ActionLogTicketSchema = object({
  sessionId: pattern(string(), /^[A-Za-z0-9_-]{8,64}$/),
  token: pattern(string(), /^[A-Za-z0-9_-]{1,128}$/),
});
export type ActionLogTicket = Infer<typeof ActionLogTicketSchema>;

export const ActionLogBatchSchema = assign(
  ActionLogTicketSchema,
  object({ entries: size(array(ActionLogEntrySchema), 1, ACTION_LOG_LIMITS.maxEntriesPerBatch) }),
);
export type ActionLogBatch = Infer<typeof ActionLogBatchSchema>;
