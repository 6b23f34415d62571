import { array, integer, literal, nullable, number, object, string, type Infer, union } from 'superstruct';
import { ActionLogBatchSchema, payloadLimitOf, SESSION_STARTED } from '../../shared/actionLog/entry';
import { redactAction } from '../../shared/actionLog/redact';
import { HttpError, parseInput } from '../http/endpoint';
import { jsonShapeProblem } from '../http/jsonBodyShape';
import { requestBodyErrorAnswer } from '../http/requestBodyErrors';
import { findMalformedText } from '../http/wellFormedText';
import { SUMMARY_TYPES, viewportWidthOf } from './sessionSummary';

/** An entry as the store writes it: redacted, its payload already JSON. */
export const DecodedEntrySchema = object({
  seq: integer(),
  at: string(),
  type: string(),
  payload: nullable(string()),
  /** A page load's recorded window width (null for any other entry, or none recorded). */
  viewportWidth: nullable(number()),
});
export type DecodedEntry = Infer<typeof DecodedEntrySchema>;

/** What decoding a batch's bytes answers: the batch ready to store, or the 4xx the caller gets. */
export const DecodedBatchAnswer = union([
  object({ kind: literal('batch'), sessionId: string(), token: string(), entries: array(DecodedEntrySchema) }),
  object({ kind: literal('refused'), statusCode: integer(), message: string() }),
]);
export type DecodedBatchAnswer = Infer<typeof DecodedBatchAnswer>;
export type DecodedBatch = Extract<DecodedBatchAnswer, { kind: 'batch' }>;

const BODY_NAME = 'action-log batch';

/**
 * Everything the API does to a JSON body before an endpoint sees it, and everything the
 * action-log endpoint did to a batch after: parse, refuse text that is not Unicode and shapes no
 * call takes, check the shared schema, redact, and serialize each payload for its row. Pure, and
 * costly for a batch of page states (a dozen kilobytes walked five times), so it runs on a worker
 * thread (batchDecoderPool.ts) and answers in the same words the checks give on any other call.
 */
export function decodeActionLogBatch(bytes: Uint8Array): DecodedBatchAnswer {
  let body: unknown;
  try {
    // An empty body is the empty object, as the API's JSON parser reads one.
    body = bytes.byteLength === 0 ? {} : (JSON.parse(new TextDecoder().decode(bytes)) as unknown);
  } catch {
    return refused(requestBodyErrorAnswer({ type: 'entity.parse.failed' })!);
  }
  const malformed = findMalformedText(body);
  if (malformed !== null) {
    return refused({ statusCode: 400, message: `Invalid ${(malformed || 'body').toWellFormed()}: text must be valid Unicode (it holds a lone surrogate)` });
  }
  const problem = jsonShapeProblem(body);
  if (problem !== null) return refused({ statusCode: 400, message: problem.toWellFormed() });
  try {
    const batch = parseInput(body, ActionLogBatchSchema, BODY_NAME);
    const entries = batch.entries.map((entry) => {
      const redacted = redactAction(entry);
      return {
        seq: redacted.seq,
        at: redacted.at,
        type: redacted.type,
        payload: redacted.payload === undefined ? null : JSON.stringify(redacted.payload),
        viewportWidth: redacted.type === SUMMARY_TYPES.pageLoad ? viewportWidthOf(redacted) : null,
      };
    });
    const oversized = entries.find((entry) => entry.payload !== null && entry.payload.length > payloadLimitOf(entry.type));
    if (oversized) return refused({ statusCode: 413, message: oversizedMessage(oversized) });
    return { kind: 'batch', sessionId: batch.sessionId, token: batch.token, entries };
  } catch (error) {
    if (error instanceof HttpError) return refused({ statusCode: error.statusCode, message: error.message });
    throw error;
  }
}

const kilobytes = (chars: number) => `${Math.ceil(chars / 1024)} KB`;

/** The recorder writes what it leaves out of a larger payload instead (shared/actionLog/recorder.ts): only a forged batch gets this. */
function oversizedMessage(entry: DecodedEntry): string {
  const what = entry.type === SESSION_STARTED ? "a page load's state" : "an entry's payload";
  return `Entry ${entry.seq} carries ${kilobytes(entry.payload!.length)}; ${what} holds at most ${kilobytes(payloadLimitOf(entry.type))}`;
}

function refused({ statusCode, message }: { statusCode: number; message: string }): DecodedBatchAnswer {
  return { kind: 'refused', statusCode, message };
}
