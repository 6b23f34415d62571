import type { NewEvent } from '../server/eventStore/eventStore';

/** One append call: every target under test gets exactly the same list, in the same order. */
export interface PlannedAppend {
  streamId: string;
  /** The stream's version before this append (0: the stream does not exist yet). */
  expectedVersion: number;
  events: NewEvent[];
}

/**
 * A cart-like event of about 250 bytes of JSON, close to what the storefront writes, so the
 * JSON and index work per row is realistic rather than an empty payload.
 */
function benchEvent(streamIndex: number, sequence: number): NewEvent {
  return {
    type: 'ItemAddedToCart',
    data: {
      cartId: `cart-${streamIndex}`,
      productId: 1000 + (sequence % 97),
      name: `Velvet Skyline ${sequence}`,
      priceCents: 2999 + (sequence % 500),
      includeProjectFile: sequence % 3 === 0,
      addedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, sequence % 60)).toISOString(),
    },
    metadata: { correlationId: `corr-${streamIndex}-${sequence}` },
  };
}

/**
 * `totalEvents` events spread round-robin over `streams` streams, `eventsPerAppend` at a time,
 * each append at the version its stream has reached. Stream ids are `<prefix>-<n>` because
 * emmett derives a stream type from the part before the first dash.
 */
export function planAppends(options: {
  prefix: string;
  streams: number;
  totalEvents: number;
  eventsPerAppend: number;
}): PlannedAppend[] {
  const { prefix, streams, totalEvents, eventsPerAppend } = options;
  const versions = new Array<number>(streams).fill(0);
  const plan: PlannedAppend[] = [];
  for (let sequence = 0; sequence < totalEvents; sequence += eventsPerAppend) {
    const streamIndex = plan.length % streams;
    const expectedVersion = versions[streamIndex]!;
    const count = Math.min(eventsPerAppend, totalEvents - sequence);
    const events = Array.from({ length: count }, (_, offset) => benchEvent(streamIndex, sequence + offset));
    plan.push({ streamId: `${prefix}-${streamIndex}`, expectedVersion, events });
    versions[streamIndex] = expectedVersion + count;
  }
  return plan;
}

export const eventCount = (plan: readonly PlannedAppend[]) => plan.reduce((sum, append) => sum + append.events.length, 0);
