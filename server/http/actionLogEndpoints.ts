import { ActionLogBatchSchema, type ActionLogEntry } from '../../shared/actionLog/entry';
import { redact } from '../../shared/actionLog/redact';
import { ConcurrencyError, type EventStore } from '../eventStore/eventStore';
import { type Endpoint, parseInput } from './endpoint';

export const actionLogStreamId = (sessionId: string) => `actionLog-${sessionId}`;

const MAX_ATTEMPTS = 5;

/**
 * Appends a batch to the session's stream, one `ActionRecorded` event per entry. Entries the
 * stream already holds (a retried batch, a beacon overtaking a fetch) are skipped, so a batch
 * can be delivered any number of times.
 */
export async function recordActionLogBatch(eventStore: EventStore, sessionId: string, entries: readonly ActionLogEntry[]) {
  const streamId = actionLogStreamId(sessionId);
  const ordered = [...entries].sort((a, b) => a.seq - b.seq);
  for (let attempt = 1; ; attempt++) {
    const last = await eventStore.readLastEvent(streamId);
    const storedUpTo = last ? (last.data as ActionLogEntry).seq : 0;
    const fresh = ordered.filter((entry, index) => entry.seq > storedUpTo && entry.seq !== ordered[index - 1]?.seq);
    if (fresh.length === 0) return { stored: 0, lastSeq: storedUpTo };
    try {
      await eventStore.append(
        streamId,
        fresh.map((entry) => ({ type: 'ActionRecorded', data: redact(entry) })),
        { expectedVersion: last?.version ?? 0 },
      );
      return { stored: fresh.length, lastSeq: fresh[fresh.length - 1]!.seq };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

export const actionLogEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/action-log',
    async handle({ body }, { eventStore }) {
      // sendBeacon posts text/plain to avoid a preflight; its text is the same JSON.
      const payload = typeof body === 'string' ? parseJson(body) : body;
      const batch = parseInput(payload, ActionLogBatchSchema, 'action-log batch');
      return { status: 201, body: await recordActionLogBatch(eventStore, batch.sessionId, batch.entries) };
    },
  },
];

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
