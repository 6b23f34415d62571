import type { MenuLink } from '../domain/auth/userMenus';

export type Site = MenuLink['site'];

/** Where this server serves each site when its public URL is not set (DESIGN "Sites, one app"). */
export const SITE_PREFIXES: Readonly<Record<Site, string>> = { dashboard: '/dashboard', admin: '/admin' };

/**
 * The path SPEC §2's menus give each site's home ('Dashboard', 'Go to dashboard'). A site of its
 * own answers it there; served under a prefix, the home is the prefix itself, not `/dashboard/dashboard`.
 */
export const SITE_HOME_PATH = '/dashboard';

/** The sites' public URLs as the store holds them; empty: this server serves the site. */
export interface SiteUrls {
  dashboardUrl: string;
  adminUrl: string;
}

/** The path on this server of a page of an embedded site. */
export function embeddedSitePath(site: Site, sitePath: string): string {
  return sitePath === SITE_HOME_PATH ? SITE_PREFIXES[site] : `${SITE_PREFIXES[site]}${sitePath}`;
}

/**
 * The one way a link to a dashboard or admin page becomes an address (user menu, 'Go to dashboard',
 * 'Custom order', the registration popup's 'Start', post-login returns): on the site's own URL
 * when one is set, keeping the path the site itself uses; else under this server's prefix.
 */
export function siteHref(link: Pick<MenuLink, 'site' | 'path'>, urls: SiteUrls): string {
  const url = link.site === 'admin' ? urls.adminUrl : urls.dashboardUrl;
  return url ? `${url}${link.path}` : embeddedSitePath(link.site, link.path);
}
