import { array, boolean, enums, type Infer, integer, nullable, number, object, optional, record, string, union } from 'superstruct';
import { personal } from './personal';

/** One recorded browser session as the support search lists it (issue 12 "Finding the session"). */
export const SupportSessionRowSchema = object({
  id: string(),
  startedAt: string(),
  lastSeenAt: string(),
  entryCount: integer(),
  pageCount: integer(),
  viewportWidth: nullable(integer()),
  failedRequests: integer(),
  errorCount: integer(),
  /** The account the tab was logged in to; staff reach the account only through this id. */
  userId: nullable(integer()),
  /** A session an admin imported from a file (another machine's), rather than recorded here. */
  imported: boolean(),
});
export type SupportSessionRow = Infer<typeof SupportSessionRowSchema>;

export const SupportBuyerSchema = object({ id: integer(), name: personal(string()), email: personal(string()) });
export type SupportBuyer = Infer<typeof SupportBuyerSchema>;

export const SupportSearchAnswerSchema = object({
  sessions: array(SupportSessionRowSchema),
  /** The accounts behind the page's sessions, by name and email, for a role that may open the admin's buyer page; else none. */
  buyers: array(SupportBuyerSchema),
  /** More sessions match than one page shows: narrow the search or take the next page. */
  more: boolean(),
  page: integer(),
});
export type SupportSearchAnswer = Infer<typeof SupportSearchAnswerSchema>;

/** One value of a state change, as short readable JSON. */
export const StateChangeSchema = object({ path: string(), before: string(), after: string() });
export type StateChange = Infer<typeof StateChangeSchema>;

export const TIMELINE_STEP_KINDS = ['pageLoad', 'action', 'checkpoint'] as const;

/** One entry of the browser's log with what it changed in the replayed state. */
export const TimelineStepSchema = object({
  seq: integer(),
  at: string(),
  type: string(),
  kind: enums(TIMELINE_STEP_KINDS),
  /** What a person reads in the timeline: the page loaded, the request that failed, the toast shown. */
  label: string(),
  /** What the app did on its own (a progress bar, a list loaded, a checkpoint): hidden until the console's "Show all". */
  plumbing: boolean(),
  /** The field the step typed into (server/support/stepLabels.ts): a burst of them is one row. */
  input: nullable(string()),
  changes: array(StateChangeSchema),
  /** More changes than the timeline lists. */
  moreChanges: integer(),
  /** The step went wrong for the buyer (a failed request, an error toast) or for the replay (a divergence, a broken invariant). */
  error: nullable(string()),
  /** The page of a step the staff member's role may not open (server/support/staffVisibility.ts): the step shows nothing of it. */
  notVisible: optional(string()),
});
export type TimelineStep = Infer<typeof TimelineStepSchema>;

/** What a staff member reads instead of a page their role may not open. */
export const NOT_VISIBLE = 'Not visible to your role';
export const notVisibleMessage = (seq: number, page: string) => `Step ${seq} is on ${page}, a page your role may not open: ${NOT_VISIBLE.toLowerCase()}`;

/** A domain event of the buyer or the session, reduced to what support may read (no addresses, tokens or secrets). */
export const SupportEventSchema = object({
  position: integer(),
  at: string(),
  streamId: string(),
  type: string(),
  summary: string(),
  data: record(string(), union([string(), number(), boolean()])),
});
export type SupportEvent = Infer<typeof SupportEventSchema>;

/** A file the server served from one of the session's orders, from its download log: a download link is a plain GET the tab's log never sees. */
export const SupportDownloadSchema = object({
  /** The download log's row. */
  id: integer(),
  at: string(),
  /** "Downloaded Midnight Garden (WAV)", and "through the mailed link" when it came that way. */
  label: string(),
  orderId: string(),
});
export type SupportDownload = Infer<typeof SupportDownloadSchema>;

/** Who recorded the session, for a staff member whose role may open the admin's buyer page: as that page names them. */

export const SupportAuditSchema = object({ action: enums(['viewed', 'exported']), by: integer(), at: string() });
export type SupportAudit = Infer<typeof SupportAuditSchema>;

export const SupportSessionDetailSchema = object({
  session: SupportSessionRowSchema,
  steps: array(TimelineStepSchema),
  events: array(SupportEventSchema),
  /** The files served from the session's orders while it was open. */
  downloads: array(SupportDownloadSchema),
  /** The account that recorded it by name and email; null for a guest, an imported session, or a role that may not open the buyers page (it sees the account's id). */
  buyer: nullable(SupportBuyerSchema),
  /** The first checkpoint this build's reducers do not reproduce. */
  divergedAt: nullable(integer()),
  missing: array(object({ from: integer(), to: integer() })),
  audits: array(SupportAuditSchema),
  /** The recorded viewport, which the replayed page is drawn at. */
  viewport: object({ width: integer(), height: integer() }),
  /**
   * Where the replay stopped short of the log's end (the last step shown, null for none) and why
   * (its time or memory budget was spent, the log is longer than a replay reads); null when every step is shown.
   */
  stopped: nullable(object({ after: nullable(integer()), reason: string() })),
});
export type SupportSessionDetail = Infer<typeof SupportSessionDetailSchema>;

const CartSideSchema = object({ productIds: array(integer()), total: nullable(number()) });
const OrderSideSchema = object({ orderId: string(), status: string(), total: number() });

/** Both sides at one step: what the browser showed and what the server's events say was true. */
export const SupportStepViewSchema = object({
  seq: integer(),
  at: string(),
  browser: object({ cart: CartSideSchema, order: nullable(OrderSideSchema) }),
  server: object({ cart: CartSideSchema, orders: array(OrderSideSchema) }),
  /** Where the two disagree, in words; empty when they agree. Only settled states are compared. */
  mismatches: array(string()),
  /** What the browser has not heard from the server yet: a request not answered, a change made after its last read. */
  inFlight: array(string()),
});
export type SupportStepView = Infer<typeof SupportStepViewSchema>;

/** An admin's import: the exported file's text. */
export const SupportImportSchema = object({ file: string() });

export const SupportImportAnswerSchema = object({ sessionId: string(), entries: integer(), events: integer() });

/** The search form's fields, as the query string carries them; the server checks each one's form. */
export const SupportSearchQuerySchema = object({
  email: personal(optional(string())),
  userId: optional(string()),
  orderId: optional(string()),
  trackingId: optional(string()),
  sessionId: optional(string()),
  from: optional(string()),
  to: optional(string()),
  type: optional(string()),
  hadError: optional(string()),
  page: optional(string()),
});
export type SupportSearchQuery = Infer<typeof SupportSearchQuerySchema>;
export const SUPPORT_SEARCH_FIELDS = Object.keys(SupportSearchQuerySchema.schema) as (keyof SupportSearchQuery)[];
