import { type Struct, validate } from 'superstruct';
import type { NewEvent, RecordedEvent } from './eventStore';

/** A recorded event whose type and data have been checked: `switch (event.type)` narrows `event.data`. */
export type Recorded<Event extends NewEvent> = Event extends NewEvent ? Event & Omit<RecordedEvent, 'type' | 'data'> : never;

type DataOf<Event extends NewEvent, Type> = Extract<Event, { type: Type }>['data'];

/** The schema of each event type's data, in its current shape. */
export type EventSchemas<Event extends NewEvent> = { [Type in Event['type']]: Struct<DataOf<Event, Type>, unknown> };

/**
 * Turns data recorded in an older shape into the current one. Events are never rewritten, so an
 * upcaster is how a changed shape reaches the code; it gets the stored JSON as it is, unchecked.
 */
export type Upcasters<Event extends NewEvent> = { [Type in Event['type']]?: (data: unknown) => unknown };

/** For upcasters, which get stored JSON unchecked. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a family of events from the store: the one place where stored JSON becomes a typed event. */
export interface EventCodec<Event extends NewEvent> {
  readonly types: readonly Event['type'][];
  decode(recorded: RecordedEvent): Recorded<Event>;
}

/** A stored event that does not fit its schema even after upcasting: a bug to fix, not input to guess at. */
export class EventDecodingError extends Error {
  constructor(
    readonly event: Pick<RecordedEvent, 'streamId' | 'version' | 'position' | 'type'>,
    readonly field: string,
    problem: string,
  ) {
    super(`Event ${event.type} at version ${event.version} of stream ${event.streamId} (position ${event.position}) is unreadable: ${field}: ${problem}`);
    this.name = 'EventDecodingError';
  }
}

export function eventCodec<Event extends NewEvent>(schemas: EventSchemas<Event>, upcasters: Upcasters<Event> = {}): EventCodec<Event> {
  const types = Object.keys(schemas) as Event['type'][];
  const known = new Set<string>(types);
  return {
    types,
    decode(recorded) {
      if (!known.has(recorded.type)) throw new EventDecodingError(recorded, 'type', `not one of ${types.join(', ')}`);
      const type = recorded.type as Event['type'];
      const upcast = upcasters[type];
      const [error, data] = validate(upcast ? upcast(recorded.data) : recorded.data, schemas[type]);
      if (error) {
        const failure = error.failures()[0] ?? error;
        throw new EventDecodingError(recorded, ['data', ...failure.path].join('.'), failure.message);
      }
      return { ...recorded, type, data } as Recorded<Event>;
    },
  };
}
