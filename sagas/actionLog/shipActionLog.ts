import { call, delay } from 'redux-saga/effects';
import { ApiError } from '../../shared/api/apiClient';
import type { ActionLogEntry } from '../../shared/actionLog/entry';
import type { ActionLogRecorder } from '../../shared/actionLog/recorder';
import { ACTION_LOG_LIMITS } from '../../shared/actionLog/entry';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

export const SHIP_INTERVAL_MS = 2000;

/** Answers that will never accept this batch: retrying it would block the log forever. */
const isPermanentRefusal = (error: unknown) =>
  error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429;

/** Splits pending entries into batches the server accepts (count and size). */
export function takeShippableBatch(recorder: ActionLogRecorder): ActionLogEntry[] {
  const candidates = recorder.takeBatch(ACTION_LOG_LIMITS.maxEntriesPerBatch);
  const batch: ActionLogEntry[] = [];
  let bytes = 256;
  for (const entry of candidates) {
    const size = JSON.stringify(entry).length + 1;
    if (batch.length > 0 && bytes + size > ACTION_LOG_LIMITS.maxBatchBytes) break;
    batch.push(entry);
    bytes += size;
  }
  if (batch.length < candidates.length) recorder.resendFrom(candidates[batch.length]!.seq);
  return batch;
}

export function* flushActionLog(recorder: ActionLogRecorder) {
  const api = yield* fromContext('api');
  while (recorder.pendingCount() > 0) {
    const entries = takeShippableBatch(recorder);
    const last = entries[entries.length - 1]!.seq;
    try {
      yield* apiCall(api, {
        method: 'POST',
        path: '/action-log',
        body: { sessionId: recorder.sessionId, token: recorder.token, entries },
      });
      recorder.acknowledge(last);
    } catch (error) {
      if (isPermanentRefusal(error)) {
        // The server will never take this batch; keeping it would block the rest of the log.
        recorder.acknowledge(last);
      } else {
        recorder.resendFrom(entries[0]!.seq);
        return;
      }
    }
  }
}

/** Ships the session's log in the background; the page-hidden beacon lives in the client entry. */
export function* shipActionLog(recorder: ActionLogRecorder) {
  for (;;) {
    yield delay(SHIP_INTERVAL_MS);
    yield call(flushActionLog, recorder);
  }
}
