import { ACCOUNT_PROFILE_PATH, USER_MENUS } from '../domain/auth/userMenus';
import { effectiveRole } from '../domain/auth/roles';
import { withQuery } from '../routes/popupQuery';
import { embeddedSitePath, type Site } from './siteLinks';

/** A page of the dashboard or admin site: which site, and the path the site itself gives it. */
export interface SitePage {
  site: Site;
  path: string;
}

interface SiteRoute<Name extends string> {
  name: Name;
  path: string;
  title: string;
  sitePage: SitePage;
}

const sitePage = <Name extends string>(name: Name, site: Site, path: string, title: string): SiteRoute<Name> => ({
  name,
  path: embeddedSitePath(site, path),
  title,
  sitePage: { site, path },
});

/**
 * The pages of the dashboard and admin sites that are built. Who may open each follows from
 * SPEC §2's user menus (`rolesWithPage`), so a page joins a role's menu and its access together.
 * A menu link whose page is not here yet answers 404 like any unknown address.
 */
export const SITE_ROUTES = [
  sitePage('dashboard-home', 'dashboard', '/dashboard', 'Dashboard'),
  sitePage('dashboard-beats', 'dashboard', '/beats', 'My beats'),
  sitePage('dashboard-account', 'dashboard', ACCOUNT_PROFILE_PATH, 'Account'),
  sitePage('admin-home', 'admin', '/dashboard', 'Dashboard'),
  sitePage('admin-producers', 'admin', '/producers', 'All producers'),
] as const;

/** Whether a role's SPEC menu holds this page. */
export function roleHasPage(role: keyof typeof USER_MENUS, page: SitePage): boolean {
  return USER_MENUS[role].some((link) => link.site === page.site && link.path === page.path);
}

/**
 * What a visitor gets on a site page: the page, the login popup first (a guest on the dashboard
 * site), or the 404 page (a guest on the admin site, a role whose menu lacks the page): DESIGN
 * "Roles on the server", a hint that a console exists is already a leak.
 */
export type SiteAccess = 'open' | 'login' | 'hidden';

export function siteAccess(page: SitePage | undefined, user: { roles: readonly string[] } | null): SiteAccess {
  if (!page) return 'open';
  const role = user ? effectiveRole(user.roles) : null;
  if (!role) return user === null && page.site === 'dashboard' ? 'login' : 'hidden';
  return roleHasPage(role, page) ? 'open' : 'hidden';
}

/** The storefront's login popup, carrying where to return after login (the `services` address, SPEC §4). */
export const loginThenReturnTo = (pathname: string, search: string): string => `/${withQuery('', { login: 'true', services: `${pathname}${search}` })}`;
