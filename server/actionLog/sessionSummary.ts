import { type ActionLogEntry, SESSION_STARTED } from '../../shared/actionLog/entry';

/**
 * The action types a session's summary counts (the support search's columns). Plain strings, so
 * the migration that backfills them needs no slice; sessionSummary.test.ts ties each to its action.
 */
export const SUMMARY_TYPES = {
  /** A page load: the first entry of each, with the preloaded state and the window's size. */
  pageLoad: SESSION_STARTED,
  /** An in-app navigation that arrived on its page. */
  navigation: 'navigation/navigationArrived',
  /** An API request the browser made that failed (shared/api/apiClient.ts `requestFailed`). */
  failedRequest: 'api/requestFailed',
  /** An error toast the buyer saw. */
  errorToast: 'notifications/errorToastShown',
} as const;

export const PAGE_TYPES: readonly string[] = [SUMMARY_TYPES.pageLoad, SUMMARY_TYPES.navigation];
export const ERROR_TYPES: readonly string[] = [SUMMARY_TYPES.failedRequest, SUMMARY_TYPES.errorToast];

/** Widths past this are not a window's; such a value is kept as unknown (null). */
export const MAX_VIEWPORT_WIDTH = 1_000_000;

/** What a list of entries adds to its session's summary columns. */
export interface SessionSummary {
  /** Page loads and in-app navigations (`page_count`). */
  pageCount: number;
  /** The window width of the list's first page load (lowest seq); null without one, or when it recorded none (`viewport_width`). */
  viewportWidth: number | null;
  /** Failed API requests (`failed_requests`). */
  failedRequests: number;
  /** Failed requests and error toasts (`error_count`). */
  errorCount: number;
}

/** What the summary reads of an entry: its place, its type, and a page load's recorded width. */
export interface SummaryFacts {
  seq: number;
  type: string;
  /** A page load's window width (`viewportWidthOf`); null for any other entry. */
  viewportWidth: number | null;
}

export function summaryFactsOf(entry: ActionLogEntry): SummaryFacts {
  return { seq: entry.seq, type: entry.type, viewportWidth: entry.type === SUMMARY_TYPES.pageLoad ? viewportWidthOf(entry) : null };
}

/** The first page load of `entries` by sequence number, whatever order they come in. */
export function firstPageLoad<E extends Pick<SummaryFacts, 'seq' | 'type'>>(entries: readonly E[]): E | undefined {
  let first: E | undefined;
  for (const entry of entries) if (entry.type === SUMMARY_TYPES.pageLoad && (first === undefined || entry.seq < first.seq)) first = entry;
  return first;
}

/** The width a page load recorded (`payload.viewport.width`), when it is a plausible one. */
export function viewportWidthOf(entry: ActionLogEntry): number | null {
  const viewport = (entry.payload as { viewport?: { width?: unknown } } | null | undefined)?.viewport;
  const width = typeof viewport === 'object' && viewport !== null ? viewport.width : undefined;
  return typeof width === 'number' && Number.isInteger(width) && width >= 0 && width <= MAX_VIEWPORT_WIDTH ? width : null;
}

/**
 * The summary of `entries`, pure: for a fresh batch it is what the batch adds to its session's
 * counts (the store passes only entries it did not hold yet, so a retried batch adds nothing).
 */
export function summarize(entries: readonly SummaryFacts[]): SessionSummary {
  let pageCount = 0;
  let failedRequests = 0;
  let errorCount = 0;
  for (const { type } of entries) {
    if (PAGE_TYPES.includes(type)) pageCount++;
    if (type === SUMMARY_TYPES.failedRequest) failedRequests++;
    if (ERROR_TYPES.includes(type)) errorCount++;
  }
  return { pageCount, viewportWidth: firstPageLoad(entries)?.viewportWidth ?? null, failedRequests, errorCount };
}

/** `summarize` for entries as recorded. */
export function summarizeEntries(entries: readonly ActionLogEntry[]): SessionSummary {
  return summarize(entries.map(summaryFactsOf));
}
