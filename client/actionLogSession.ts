import { ACTION_LOG_LIMITS } from '../shared/actionLog/entry';
import type { ActionLogRecorder } from '../shared/actionLog/recorder';
import { createActionLogRecorder } from '../shared/actionLog/recorder';
import { API_PREFIX } from '../shared/domain/constants';

const SESSION_KEY = 'beatcrate.actionLog.sessionId';
const SEQ_KEY = 'beatcrate.actionLog.lastSeq';

/** The log's id lives as long as the browser tab; sequence numbers continue across page loads. */
export function openActionLogSession(): ActionLogRecorder {
  let sessionId = sessionStorage.getItem(SESSION_KEY);
  if (!sessionId) {
    sessionId = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, sessionId);
  }
  const lastSeq = Number(sessionStorage.getItem(SEQ_KEY) ?? 0);
  const recorder = createActionLogRecorder({
    sessionId,
    now: () => new Date(),
    lastSeq: Number.isInteger(lastSeq) && lastSeq > 0 ? lastSeq : 0,
  });
  // When the tab is hidden it may never run again: hand what is left to the browser to deliver.
  const flushWithBeacon = () => {
    sessionStorage.setItem(SEQ_KEY, String(recorder.lastSeq()));
    const entries = recorder.unacknowledged().slice(-ACTION_LOG_LIMITS.maxEntriesPerBatch);
    if (entries.length === 0) return;
    const body = JSON.stringify({ sessionId: recorder.sessionId, entries });
    if (body.length > ACTION_LOG_LIMITS.maxBatchBytes) return;
    navigator.sendBeacon(`${API_PREFIX}/action-log`, new Blob([body], { type: 'text/plain' }));
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushWithBeacon();
  });
  window.addEventListener('pagehide', flushWithBeacon);
  return recorder;
}
