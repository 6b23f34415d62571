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

export const ACTION_LOG_LIMITS = {
  maxEntriesPerBatch: 500,
  maxBatchBytes: 256 * 1024,
  maxTypeLength: 200,
} as const;

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
