import type { Role } from '../../shared/domain/auth/roles';
import type { SupportBuyer, SupportSessionRow } from '../../shared/schemas/support';
import { roleHasPage, SITE_ROUTES } from '../../shared/sites/siteRoutes';
import type { AppDeps } from '../appDeps';
import { adminAccount } from '../admin/adminDetails';

const BUYER_PAGE = SITE_ROUTES.find((route) => route.name === 'admin-buyer')!.sitePage;

/**
 * Who recorded the session, named as the admin's buyer page names them (name and email), for a
 * staff member whose role may open that page; any other role sees only the account's id, which
 * the session row carries. An imported session's account is another database's, so it is not looked up.
 */
/** The accounts behind a page of sessions, named as `sessionBuyer` names one, for a role that may know them. */
export async function sessionBuyers(deps: Pick<AppDeps, 'database'>, sessions: readonly SupportSessionRow[], role: Role | null): Promise<SupportBuyer[]> {
  const ids = [...new Set(sessions.filter((session) => !session.imported && session.userId !== null).map((session) => session.userId!))];
  if (ids.length === 0 || role === null || !roleHasPage(role, BUYER_PAGE)) return [];
  const rows = await deps.database.query.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('id', 'in', ids).execute();
  return rows.map((row) => ({ id: Number(row.id), name: `${row.first_name} ${row.last_name}`, email: row.email }));
}

export async function sessionBuyer(deps: Pick<AppDeps, 'database'>, session: SupportSessionRow, role: Role | null): Promise<SupportBuyer | null> {
  if (session.userId === null || session.imported || role === null || !roleHasPage(role, BUYER_PAGE)) return null;
  const account = await adminAccount(deps, session.userId);
  return account && { id: account.id, name: `${account.firstName} ${account.lastName}`, email: account.email };
}
