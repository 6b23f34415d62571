import { type AppendResult, ConcurrencyError, type EventStore, type NewEvent } from '../eventStore/eventStore';
import { aggregateStream } from './aggregateStream';
import type { Decider } from './decider';

const MAX_ATTEMPTS = 5;

/**
 * Loads a stream, decides, and appends at the version it read. When another writer got there
 * first the command is decided again on fresh state (DESIGN contract 3).
 *
 * `position` is how far the decision's stream reached: the new events' last position, or, when
 * nothing was decided (a repeated command), the last event it was decided on. Waiting for it
 * before reading a read model answers a repeat with what the first command recorded, even while
 * that first command's events are still being projected.
 */
export async function handleCommand<State, Command, Event extends NewEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: { metadata?: Record<string, unknown>; maxAttempts?: number } = {},
): Promise<{ events: Event[]; state: State; append: AppendResult | null; position: number }> {
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    const { state, version, position } = await aggregateStream(eventStore, streamId, decider);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, append: null, position };
    try {
      const recorded = options.metadata ? events.map((event) => ({ ...event, metadata: { ...event.metadata, ...options.metadata } })) : events;
      const append = await eventStore.append(streamId, recorded, { expectedVersion: version });
      return { events, state: events.reduce(decider.evolve, state), append, position: append.lastPosition };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= maxAttempts) throw error;
    }
  }
}
