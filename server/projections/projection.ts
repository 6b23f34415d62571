import type { Transaction } from 'kysely';
import type { Tables } from '../db/schema';
import type { RecordedEvent } from '../eventStore/eventStore';

/** A read model kept from events; `apply` runs in the same transaction as its checkpoint. */
export interface Projection {
  name: string;
  types: readonly string[];
  apply(tx: Transaction<Tables>, events: readonly RecordedEvent[]): Promise<void>;
}
