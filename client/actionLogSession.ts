import { assign, create, integer, min, object, type Infer } from 'superstruct';
import { ACTION_LOG_LIMITS, ActionLogTicketSchema, type ActionLogTicket } from '../shared/actionLog/entry';
import type { ActionLogRecorder } from '../shared/actionLog/recorder';
import { createActionLogRecorder } from '../shared/actionLog/recorder';
import { ACTION_LOG_TICKET_ID, API_PREFIX } from '../shared/domain/constants';
import type { SafeStorage } from './safeStorage';

const TAB_LOG_KEY = 'beatcrate.actionLog.tab';

/** What the tab keeps between its page loads: the log it writes to and the last sequence number used. */
const TabLogSchema = assign(ActionLogTicketSchema, object({ lastSeq: min(integer(), 0) }));
type TabLog = Infer<typeof TabLogSchema>;

function decode<T>(text: string | null | undefined, read: (value: unknown) => T): T | null {
  if (!text) return null;
  try {
    return read(JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/**
 * Opens the tab's action log. The server issues every page a log id with its proof; the first
 * page of a tab keeps them in sessionStorage, so later page loads continue the same log. Where
 * sessionStorage is refused, each page load keeps the log it was issued. Null when the page
 * carries no valid ticket: the page then runs without a log.
 */
export function openActionLogSession(storage: SafeStorage, page: Document = document): ActionLogRecorder | null {
  const kept = decode<TabLog>(storage.getItem(TAB_LOG_KEY), (value) => create(value, TabLogSchema));
  const issued = decode<ActionLogTicket>(page.getElementById(ACTION_LOG_TICKET_ID)?.textContent, (value) => create(value, ActionLogTicketSchema));
  const tab = kept ?? (issued && { ...issued, lastSeq: 0 });
  if (!tab) {
    console.error('The page carries no action-log ticket; this page load is not recorded');
    return null;
  }
  const recorder = createActionLogRecorder({ sessionId: tab.sessionId, token: tab.token, now: () => new Date(), lastSeq: tab.lastSeq });
  const remember = () =>
    storage.setItem(TAB_LOG_KEY, JSON.stringify({ sessionId: tab.sessionId, token: tab.token, lastSeq: recorder.lastSeq() } satisfies TabLog));
  remember();
  // When the tab is hidden it may never run again: hand what is left to the browser to deliver.
  const flushWithBeacon = () => {
    // The state as the buyer left it: replay checks it got there too.
    recorder.checkpoint();
    remember();
    const entries = recorder.unacknowledged().slice(-ACTION_LOG_LIMITS.maxEntriesPerBatch);
    if (entries.length === 0) return;
    const body = JSON.stringify({ sessionId: recorder.sessionId, token: recorder.token, entries });
    if (body.length > ACTION_LOG_LIMITS.maxBatchBytes) return;
    navigator.sendBeacon(`${API_PREFIX}/action-log`, new Blob([body], { type: 'text/plain' }));
  };
  page.addEventListener('visibilitychange', () => {
    if (page.visibilityState === 'hidden') flushWithBeacon();
  });
  window.addEventListener('pagehide', flushWithBeacon);
  return recorder;
}
