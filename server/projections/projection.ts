import type { Transaction } from 'kysely';
import type { Tables } from '../db/schema';
import type { EventCodec, Recorded } from '../eventStore/eventCodec';
import type { NewEvent, RecordedEvent } from '../eventStore/eventStore';

/** A read model kept from events; what it writes goes in the same transaction as its checkpoint. */
export type Projection = AppliedProjection | PreparedProjection;

interface ProjectionBase {
  name: string;
  types: readonly string[];
}

/** Reads and writes inside the write transaction. */
export interface AppliedProjection extends ProjectionBase {
  apply(tx: Transaction<Tables>, events: readonly RecordedEvent[]): Promise<void>;
}

/**
 * Reads what a batch needs before the write transaction and answers the writes, which then take
 * the transaction alone: for a projection whose reads are many (the analytics stream names every
 * product and order), so SQLite's one writer, which checkout needs, is held only while it writes.
 */
export interface PreparedProjection extends ProjectionBase {
  prepare(events: readonly RecordedEvent[]): Promise<(tx: Transaction<Tables>) => Promise<void>>;
}

/** A projection as written: it names the codec its events are read with, and applies them checked. */
export interface ProjectionDefinition<Event extends NewEvent> {
  name: string;
  codec: EventCodec<Event>;
  /** The event types it applies; all of its codec's when absent. */
  types?: readonly Event['type'][];
  apply(tx: Transaction<Tables>, events: readonly Recorded<Event>[]): Promise<void>;
}

/** Every batch is decoded before it is applied, so a read model never takes in a malformed event. */
export function defineProjection<Event extends NewEvent>(definition: ProjectionDefinition<Event>): AppliedProjection {
  return {
    name: definition.name,
    types: definition.types ?? definition.codec.types,
    apply: (tx, events) => definition.apply(tx, events.map((event) => definition.codec.decode(event))),
  };
}
