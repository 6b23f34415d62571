import type { EventCodec } from '../eventStore/eventCodec';
import type { NewEvent } from '../eventStore/eventStore';

/** Oskar Dudycz's Decider: commands become events, events fold into state; `codec` reads its events back from the store. */
export interface Decider<State, Command, Event extends NewEvent> {
  initialState: () => State;
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
  codec: EventCodec<Event>;
}

/** A command refused by the rules of the domain; the HTTP layer answers it with `statusCode`. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly statusCode: number = 409,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
