import { ACCOUNT_PROFILE_PATH, SERVICES_PATH, USER_MENUS } from '../domain/auth/userMenus';
import { effectiveRole, type Role } from '../domain/auth/roles';
import { withQuery } from '../routes/popupQuery';
import { embeddedSitePath, type Site } from './siteLinks';

/** A page of the dashboard or admin site: which site, and the path the site itself gives it. */
export interface SitePage {
  site: Site;
  path: string;
  /**
   * Roles that may open the page although their SPEC menu does not list it: issue 14 gives the
   * moderation queues to "moderator and admin", while SPEC §2's admin menu names none of them.
   */
  alsoOpenTo?: readonly Role[];
  /**
   * A page reached from a menu page rather than from the menu itself (an order's detail page under
   * `Orders`): it opens for exactly the roles whose menu holds that page.
   */
  menuPath?: string;
}

interface SiteRoute<Name extends string> {
  name: Name;
  path: string;
  title: string;
  sitePage: SitePage;
}

const sitePage = <Name extends string>(name: Name, site: Site, path: string, title: string, alsoOpenTo?: readonly Role[]): SiteRoute<Name> => ({
  name,
  path: embeddedSitePath(site, path),
  title,
  sitePage: alsoOpenTo ? { site, path, alsoOpenTo } : { site, path },
});

/** A page under a menu page (`/orders/:id` under `/orders`), open to whoever may open that menu page. */
const subPage = <Name extends string>(name: Name, site: Site, path: string, title: string, menuPath: string): SiteRoute<Name> => ({
  name,
  path: embeddedSitePath(site, path),
  title,
  sitePage: { site, path, menuPath },
});

/**
 * Issue 15: a producer's own statements, reached from the balance on their Dashboard, and their own
 * custom services, reached from the Dashboard and My beats (SPEC §2's producer menu names neither).
 */
const PRODUCERS_ONLY = ['producer'] as const;

/** A producer's own custom services on the dashboard site, and the orders for them under it. */
export const CUSTOM_SERVICES_PATH = '/custom-services';

/** Issue 12: the support console is for "moderators and admins"; SPEC §2's menus name it for neither. */
const SUPPORT_STAFF = ['moderator', 'admin'] as const;

/** Issue 14 "Moderation (moderator and admin)". */
const MODERATION_FOR_ADMINS = ['admin'] as const;

/** Issue 13: analytics API keys and webhooks hand out the whole event stream; SPEC §2's admin menu does not name the page. */
const ANALYTICS_FOR_ADMINS = ['admin'] as const;

/**
 * The pages of the dashboard and admin sites that are built. Who may open each follows from
 * SPEC §2's user menus (`roleHasPage`), so a page joins a role's menu and its access together.
 * A menu link whose page is not here yet answers 404 like any unknown address.
 */
export const SITE_ROUTES = [
  sitePage('dashboard-home', 'dashboard', '/dashboard', 'Dashboard'),
  sitePage('dashboard-beats', 'dashboard', '/beats', 'My beats'),
  sitePage('dashboard-account', 'dashboard', ACCOUNT_PROFILE_PATH, 'Account'),
  sitePage('admin-home', 'admin', '/dashboard', 'Dashboard'),
  sitePage('admin-producers', 'admin', '/producers', 'All producers'),
  sitePage('admin-producers-pending', 'admin', '/producers/pending', 'Pending producers', MODERATION_FOR_ADMINS),
  sitePage('admin-tracks-pending', 'admin', '/tracks/pending', 'Pending tracks', MODERATION_FOR_ADMINS),
  sitePage('admin-tracks-reported', 'admin', '/tracks/reported', 'Reported tracks', MODERATION_FOR_ADMINS),
  sitePage('dashboard-purchases', 'dashboard', '/purchases', 'My purchases'),
  subPage('dashboard-sales', 'dashboard', '/sales', 'Sales', '/beats'),
  sitePage('dashboard-following', 'dashboard', '/following', 'Following'),
  sitePage('dashboard-wishlist', 'dashboard', '/wishlist', 'Wishlist'),
  sitePage('dashboard-support', 'dashboard', '/support', 'Support'),
  sitePage('dashboard-services', 'dashboard', SERVICES_PATH, 'Services'),
  subPage('dashboard-services-id', 'dashboard', `${SERVICES_PATH}/:id`, 'Custom order', SERVICES_PATH),
  subPage('admin-custom-orders', 'admin', '/custom-orders', 'Custom orders', '/orders'),
  subPage('admin-custom-orders-id', 'admin', '/custom-orders/:id', 'Custom order', '/orders'),
  subPage('admin-producer', 'admin', '/producers/:id', 'Producer', '/producers'),
  sitePage('admin-buyers', 'admin', '/buyers', 'All buyers'),
  subPage('admin-buyer', 'admin', '/buyers/:id', 'Buyer', '/buyers'),
  sitePage('admin-tracks', 'admin', '/tracks', 'All tracks'),
  subPage('admin-track', 'admin', '/tracks/:id', 'Track', '/tracks'),
  sitePage('admin-orders', 'admin', '/orders', 'Orders'),
  subPage('admin-order', 'admin', '/orders/:id', 'Order', '/orders'),
  sitePage('admin-coupons', 'admin', '/coupons', 'Coupons'),
  sitePage('admin-payouts', 'admin', '/payouts', 'Payouts'),
  sitePage('admin-statements', 'admin', '/statements', 'Reports (statements)'),
  subPage('admin-statement', 'admin', '/statements/:producerId/:month', 'Statement', '/statements'),
  sitePage('dashboard-statements', 'dashboard', '/statements', 'Statements', PRODUCERS_ONLY),
  sitePage('dashboard-custom-services', 'dashboard', CUSTOM_SERVICES_PATH, 'Custom services', PRODUCERS_ONLY),
  sitePage('dashboard-custom-services-id', 'dashboard', `${CUSTOM_SERVICES_PATH}/:id`, 'Custom order', PRODUCERS_ONLY),
  sitePage('admin-account', 'admin', '/account', 'Account'),
  sitePage('admin-support-sessions', 'admin', '/support/sessions', 'Support sessions', SUPPORT_STAFF),
  sitePage('admin-support-session', 'admin', '/support/sessions/:id', 'Support session', SUPPORT_STAFF),
  sitePage('admin-analytics', 'admin', '/analytics', 'Analytics keys and webhooks', ANALYTICS_FOR_ADMINS),
] as const;

type SiteRouteName = (typeof SITE_ROUTES)[number]['name'];

/**
 * The pages an admin opens from the admin site's Dashboard, SPEC §2's admin menu naming none of
 * them: the moderation queues (issue 14), the support console (issue 12) and the analytics keys
 * and webhooks (issue 13).
 */
export const ADMIN_HOME_SECTIONS: readonly { title: string; pages: readonly SiteRouteName[] }[] = [
  { title: 'Moderation', pages: ['admin-producers-pending', 'admin-tracks-pending', 'admin-tracks-reported'] },
  { title: 'Support', pages: ['admin-support-sessions'] },
  { title: 'Analytics', pages: ['admin-analytics'] },
];

/** Whether a role's SPEC menu holds this page, or the page is open to the role beside its menu. */
export function roleHasPage(role: Role, page: SitePage): boolean {
  const menuPath = page.menuPath ?? page.path;
  return USER_MENUS[role].some((link) => link.site === page.site && link.path === menuPath) || (page.alsoOpenTo?.includes(role) ?? false);
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
