import type { Selectable } from 'kysely';
import { isEmail } from '../../shared/domain/auth/authRules';
import type { SupportSearchAnswer, SupportSessionRow } from '../../shared/schemas/support';
import type { AppDeps } from '../appDeps';
import { findCredentials, normalizeEmail } from '../auth/credentials';
import type { ActionLogSessionsTable } from '../db/schema';
import { orderStreamId } from '../domain/order/orderEvents';
import { HttpError } from '../http/endpoint';

export const SESSIONS_PER_PAGE = 50;
export const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/;
const ACTION_TYPE = /^[A-Za-z0-9_/-]{1,100}$/;
const ORDER_ID = /^[A-Za-z0-9-]{1,100}$/;

export interface SupportSearch {
  email?: string;
  userId?: number;
  orderId?: string;
  /** The tab's log id, which its requests carry as X-Tracking-Id (SPEC §7). */
  sessionId?: string;
  from?: number;
  to?: number;
  type?: string;
  hadError?: boolean;
  page: number;
}

const refuse = (message: string): never => {
  throw new HttpError(400, message);
};

function parseTime(name: string, value: string, endOfDay: boolean): number {
  // A date alone means the whole day: "to 2026-11-24" includes that day's evening.
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00'}Z` : value;
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z?$/.test(text) ? Date.parse(text.endsWith('Z') ? text : `${text}Z`) : Number.NaN;
  return Number.isNaN(time) ? refuse(`Invalid ${name}: use a date (2026-11-24) or a date and time (2026-11-24T18:30), UTC`) : time;
}

/** The search form's query, refused whole with a clear message when a field is not what it says. */
export function parseSupportSearch(query: Partial<Record<string, string>>): SupportSearch {
  const search: SupportSearch = { page: 1 };
  const given = (name: string) => {
    const value = query[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const email = given('email');
  if (email !== undefined) search.email = isEmail(email) ? email : refuse('Invalid email: enter a whole address, e.g. buyer@example.com');
  const userId = given('userId');
  if (userId !== undefined) search.userId = /^\d{1,12}$/.test(userId) ? Number(userId) : refuse('Invalid user id: use the account number, e.g. 12');
  const orderId = given('orderId');
  if (orderId !== undefined) search.orderId = ORDER_ID.test(orderId) ? orderId : refuse('Invalid order id');
  // The tracking id a buyer quotes and the session id are one value: the tab's log id.
  const sessionIds = [given('sessionId'), given('trackingId')].filter((value) => value !== undefined);
  if (sessionIds.length === 2 && sessionIds[0] !== sessionIds[1]) refuse('A tracking id is its session id: give one of them, or the same value twice');
  if (sessionIds[0] !== undefined) search.sessionId = SESSION_ID.test(sessionIds[0]) ? sessionIds[0] : refuse('Invalid session or tracking id: letters, digits, - and _');
  const from = given('from');
  if (from !== undefined) search.from = parseTime('from', from, false);
  const to = given('to');
  if (to !== undefined) search.to = parseTime('to', to, true);
  if (search.from !== undefined && search.to !== undefined && search.from > search.to) refuse('"from" is after "to"');
  const type = given('type');
  if (type !== undefined) search.type = ACTION_TYPE.test(type) ? type : refuse('Invalid action type: e.g. cart/cartItemAdded');
  const hadError = given('hadError');
  if (hadError !== undefined) search.hadError = hadError === 'true' ? true : hadError === 'false' ? false : refuse('hadError is true or false');
  const page = given('page');
  if (page !== undefined) search.page = /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : refuse('Invalid page: 1 or more');
  return search;
}

export const sessionRow = (row: Selectable<ActionLogSessionsTable>): SupportSessionRow => ({
  id: row.id,
  startedAt: new Date(Number(row.started_at)).toISOString(),
  lastSeenAt: new Date(Number(row.last_seen_at)).toISOString(),
  entryCount: Number(row.entry_count),
  pageCount: Number(row.page_count),
  viewportWidth: row.viewport_width === null ? null : Number(row.viewport_width),
  failedRequests: Number(row.failed_requests),
  errorCount: Number(row.error_count),
  userId: row.user_id === null ? null : Number(row.user_id),
  imported: row.imported_at !== null,
});

type Deps = Pick<AppDeps, 'database' | 'actionLogs' | 'eventStore'>;

/** An order's tab (the tracking id its placement carried) and its buyer and time, for the sessions around it. */
async function orderScope(deps: Deps, orderId: string): Promise<{ trackingId: string | null; userId: number; placedAt: number } | null> {
  const placed = (await deps.eventStore.readStream(orderStreamId(orderId)))[0];
  const order = await deps.database.query.selectFrom('commerce_orders').select(['user_id', 'placed_at']).where('order_id', '=', orderId).executeTakeFirst();
  if (!placed || !order) return null;
  const trackingId = placed.metadata?.trackingId;
  return { trackingId: typeof trackingId === 'string' ? trackingId : null, userId: Number(order.user_id), placedAt: Number(order.placed_at) };
}

/**
 * Sessions matching every given field, most recently active first, one page at a time. Each
 * filter is answered by an index: the session id, the account's sessions, the time columns, and
 * (session, type) for an action type.
 */
export async function searchSessions(deps: Deps, search: SupportSearch): Promise<Omit<SupportSearchAnswer, 'buyers'>> {
  const none = { sessions: [], more: false, page: search.page };
  let query = deps.actionLogs.query.selectFrom('action_log_sessions').selectAll();
  if (search.email !== undefined) {
    const credentials = await findCredentials(deps.database, normalizeEmail(search.email));
    if (!credentials) return none;
    query = query.where('user_id', '=', credentials.user_id);
  }
  if (search.userId !== undefined) query = query.where('user_id', '=', search.userId);
  if (search.orderId !== undefined) {
    const order = await orderScope(deps, search.orderId);
    if (!order) return none;
    const { trackingId, userId, placedAt } = order;
    query = query.where((eb) =>
      eb.or([
        ...(trackingId ? [eb('id', '=', trackingId)] : []),
        eb.and([eb('user_id', '=', userId), eb('started_at', '<=', placedAt), eb('last_seen_at', '>=', placedAt)]),
      ]),
    );
  }
  if (search.sessionId !== undefined) query = query.where('id', '=', search.sessionId);
  if (search.from !== undefined) query = query.where('last_seen_at', '>=', search.from);
  if (search.to !== undefined) query = query.where('started_at', '<=', search.to);
  if (search.type !== undefined) {
    const type = search.type;
    query = query.where('id', 'in', (eb) => eb.selectFrom('action_log_entries').select('session_id').where('type', '=', type));
  }
  if (search.hadError !== undefined) query = query.where('error_count', search.hadError ? '>' : '=', 0);
  const rows = await query
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .limit(SESSIONS_PER_PAGE + 1)
    .offset((search.page - 1) * SESSIONS_PER_PAGE)
    .execute();
  return { sessions: rows.slice(0, SESSIONS_PER_PAGE).map(sessionRow), more: rows.length > SESSIONS_PER_PAGE, page: search.page };
}

/** One session's row, or null: an unknown id and an expired log read the same. */
export async function findSession(deps: Pick<AppDeps, 'actionLogs'>, sessionId: string): Promise<SupportSessionRow | null> {
  const row = await deps.actionLogs.query.selectFrom('action_log_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  return row ? sessionRow(row) : null;
}
