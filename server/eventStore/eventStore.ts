/** An event to append: a past-tense type and its data (DESIGN contract 3). */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata?: Record<string, unknown>;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  /** Global, gap-free in commit order per database, starting at 1. */
  position: number;
  streamId: string;
  /** 1 for a stream's first event. */
  version: number;
  recordedAt: string;
}

/**
 * The version the caller saw: a number (0 for "no stream yet"), or `'any'` to skip the check,
 * as for logs where every writer appends.
 */
export type ExpectedVersion = number | 'any';

export interface AppendResult {
  nextExpectedVersion: number;
  lastPosition: number;
}

export interface ReadAllOptions {
  /** Return events with position greater than this. */
  after?: number;
  limit?: number;
  types?: readonly string[];
}

export interface SubscribeOptions {
  after?: number;
  types?: readonly string[];
  batchSize?: number;
}

export interface Subscription {
  /** Resolves once the subscriber has seen every event committed before it was created. */
  readonly caughtUp: Promise<void>;
  /** Position of the last event handed to the handler. */
  position(): number;
  close(): Promise<void>;
}

export type EventHandler = (events: RecordedEvent[]) => Promise<void> | void;

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult>;
  readStream(streamId: string, options?: { fromVersion?: number }): Promise<RecordedEvent[]>;
  /** The stream's newest event, null for a stream that does not exist. */
  readLastEvent(streamId: string): Promise<RecordedEvent | null>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catches up from `after`, then follows new events until closed. */
  subscribe(options: SubscribeOptions, handler: EventHandler): Subscription;
  /** Position of the newest event, 0 when the store is empty. */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

/** Another writer appended to the stream first: reload the stream and decide again. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly actualVersion: number | null,
  ) {
    super(
      `Stream ${streamId} is at version ${actualVersion ?? 'unknown'}, expected ${String(expectedVersion)}`,
    );
    this.name = 'ConcurrencyError';
  }
}

export const DEFAULT_READ_LIMIT = 1000;
export const MAX_READ_LIMIT = 10_000;

export function assertAppendable(streamId: string, events: readonly NewEvent[]): void {
  if (!streamId) throw new TypeError('streamId must not be empty');
  if (events.length === 0) throw new TypeError('append needs at least one event');
  for (const event of events) if (!event.type) throw new TypeError('every event needs a type');
}

export function clampLimit(limit: number | undefined): number {
  return Math.max(1, Math.min(limit ?? DEFAULT_READ_LIMIT, MAX_READ_LIMIT));
}
