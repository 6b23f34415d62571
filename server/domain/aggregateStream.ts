import type { EventCodec, Recorded } from '../eventStore/eventCodec';
import type { EventStore, NewEvent } from '../eventStore/eventStore';
import type { Decider } from './decider';

/** A stream's events, each checked against its schema after upcasting; a bad one throws EventDecodingError. */
export async function readDecodedStream<Event extends NewEvent>(eventStore: EventStore, streamId: string, codec: EventCodec<Event>): Promise<Recorded<Event>[]> {
  return (await eventStore.readStream(streamId)).map((recorded) => codec.decode(recorded));
}

/**
 * The state of one aggregate, the version it was read at (0 for a stream that does not exist yet)
 * and the global position of its last event (0 likewise).
 */
export async function aggregateStream<State, Command, Event extends NewEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
): Promise<{ state: State; version: number; position: number }> {
  const events = await readDecodedStream(eventStore, streamId, decider.codec);
  const last = events.at(-1);
  return { state: events.reduce(decider.evolve, decider.initialState()), version: last?.version ?? 0, position: last?.position ?? 0 };
}
