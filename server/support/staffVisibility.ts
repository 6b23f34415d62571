import { sql } from 'kysely';
import { SESSION_STARTED } from '../../shared/actionLog/entry';
import type { ActionLogEntry } from '../../shared/actionLog/entry';
import { effectiveRole, type Role } from '../../shared/domain/auth/roles';
import { navigationArrived, navigationRequested } from '../../shared/features/navigation/navigationSlice';
import { matchRoute } from '../../shared/routes/matchRoute';
import { NOT_VISIBLE, notVisibleMessage, type SupportSessionDetail, type TimelineStep } from '../../shared/schemas/support';
import { roleHasPage } from '../../shared/sites/siteRoutes';
import type { AppDeps } from '../appDeps';
import { HttpError } from '../http/endpoint';
import { type ClientAssets, replayFrameDocument } from '../ssr/htmlDocument';

type Deps = Pick<AppDeps, 'actionLogs' | 'database'>;

/** The staff member's role as the route table knows it. */
export const staffRoleOf = (user: { roles: readonly string[] }): Role | null => effectiveRole(user.roles);

/** A page the recorded tab was on, when the log does not say which (a page load without its address). */
const UNKNOWN_PAGE = 'A page the log does not name';

/**
 * The title of a page this role may not open, or null. The admin site's pages are the shop's
 * data, shown to a staff member only as far as their role opens them (a moderator: not Payouts,
 * Orders or the admin's Dashboard); the storefront and the dashboard site show the recorded
 * account its own things, which is what the console is for.
 */
function pageHiddenFrom(role: Role | null, pathname: string | null): string | null {
  if (pathname === null) return null;
  if (pathname === UNKNOWN_PAGE) return UNKNOWN_PAGE;
  const route = matchRoute(pathname)?.route;
  const page = route?.sitePage;
  if (!route || !page || page.site !== 'admin' || (role !== null && roleHasPage(role, page))) return null;
  return route.title;
}

interface Whereabouts {
  pathname: string;
  /** Where a navigation on its way is going: its page's data arrives before it does. */
  pending: string | null;
}

interface NavigationRow {
  seq: number;
  type: string;
  pathname: unknown;
  pending: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Where the tab was after each of its navigation entries: its page loads and navigations alone,
 * their addresses read by the database's JSON functions, so no page load's state is parsed here.
 */
async function whereaboutsOf(deps: Deps, sessionId: string): Promise<{ seq: number; pageLoad: boolean; at: Whereabouts }[]> {
  const postgres = deps.database.kind === 'postgres';
  const field = (path: string) => (postgres ? sql`(payload::json #>> ${`{${path.replaceAll('.', ',')}}`})` : sql`json_extract(payload, ${`$.${path}`})`);
  const rows = await deps.actionLogs.query
    .selectFrom('action_log_entries')
    .select([
      'seq',
      'type',
      sql<unknown>`CASE WHEN type = ${SESSION_STARTED} THEN ${field('state.navigation.pathname')} ELSE ${field('pathname')} END`.as('pathname'),
      sql<unknown>`CASE WHEN type = ${SESSION_STARTED} THEN ${field('state.navigation.pending.pathname')} END`.as('pending'),
    ])
    .where('type', 'in', [SESSION_STARTED, navigationRequested.type, navigationArrived.type])
    .where('session_id', '=', sessionId)
    .orderBy('seq')
    .execute();
  const points: { seq: number; pageLoad: boolean; at: Whereabouts }[] = [];
  for (const row of rows as NavigationRow[]) {
    const previous = points.at(-1)?.at;
    const address = text(row.pathname) ?? UNKNOWN_PAGE;
    if (row.type === SESSION_STARTED) points.push({ seq: row.seq, pageLoad: true, at: { pathname: address, pending: text(row.pending) } });
    else if (previous && row.type === navigationRequested.type) points.push({ seq: row.seq, pageLoad: false, at: { pathname: previous.pathname, pending: address } });
    else if (previous) points.push({ seq: row.seq, pageLoad: false, at: { pathname: address, pending: null } });
  }
  return points;
}

/**
 * For each step, the title of the page there that the role may not open, or null: a step is
 * hidden when the tab was on such a page, or on its way to one, before or after it.
 */
export async function hiddenSteps(deps: Deps, sessionId: string, role: Role | null): Promise<(seq: number) => string | null> {
  if (role === 'admin') return () => null;
  const points = await whereaboutsOf(deps, sessionId);
  const hiddenAt = (at: Whereabouts | undefined) => (at ? (pageHiddenFrom(role, at.pathname) ?? pageHiddenFrom(role, at.pending)) : null);
  return (seq) => {
    const after = points.findLast((point) => point.seq <= seq);
    // A page load starts afresh: the page before it is not in its state.
    const before = after?.seq === seq && after.pageLoad ? undefined : points.findLast((point) => point.seq < seq);
    return hiddenAt(after?.at) ?? hiddenAt(before?.at);
  };
}

/** The timeline with the steps of pages the role may not open reduced to their number and time: no label, change or error from them. */
export async function withoutHiddenSteps(deps: Deps, detail: SupportSessionDetail, role: Role | null): Promise<SupportSessionDetail> {
  const hidden = await hiddenSteps(deps, detail.session.id, role);
  const steps = detail.steps.map((step): TimelineStep => {
    const page = hidden(step.seq);
    return page === null ? step : { ...step, label: `${NOT_VISIBLE}: ${page}`, input: null, changes: [], moreChanges: 0, error: null, notVisible: page };
  });
  return { ...detail, steps };
}

/** A step view is not answered for a page the role may not open: 403, saying which page. */
export async function refuseHiddenStep(deps: Deps, sessionId: string, seq: number, role: Role | null): Promise<void> {
  const page = (await hiddenSteps(deps, sessionId, role))(seq);
  if (page !== null) throw new HttpError(403, notVisibleMessage(seq, page));
}

/** An export carries only the entries of pages the role may open. */
export async function visibleEntries(deps: Deps, sessionId: string, entries: readonly ActionLogEntry[], role: Role | null): Promise<ActionLogEntry[]> {
  const hidden = await hiddenSteps(deps, sessionId, role);
  return entries.filter((entry) => hidden(entry.seq) === null);
}

/** The replayed frame at a step the role may not see: the page's title (the route table's) and that it is not shown, never the state. */
export function notVisibleFrame(page: string, assets: ClientAssets): string {
  const appHtml = `<main class="replay-hidden"><h1>${page}</h1><p>${NOT_VISIBLE}: this page is not shown in the replay.</p></main>`;
  return replayFrameDocument({ title: NOT_VISIBLE, language: 'en', appHtml, assets });
}
