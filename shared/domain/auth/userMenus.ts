import type { Role } from './roles';

export interface MenuLink {
  title: string;
  site: 'dashboard' | 'admin';
  path: string;
}

const dashboard = (title: string, path: string): MenuLink => ({ title, site: 'dashboard', path });
const admin = (title: string, path: string): MenuLink => ({ title, site: 'admin', path });
/** The dashboard's account page, where a new producer's 'Start' (identity verification) leads too. */
export const ACCOUNT_PROFILE_PATH = '/account/profile';

/** SPEC §2: the wishlist link always goes to /wishlist on the dashboard site. */
const wishlist = dashboard('Wishlist', '/wishlist');

/** SPEC §2 "User menus", per effective role. */
export const USER_MENUS: Readonly<Record<Role, readonly MenuLink[]>> = {
  client: [
    dashboard('Dashboard', '/dashboard'),
    dashboard('My purchases', '/purchases'),
    dashboard('Services', '/services'),
    dashboard('Following', '/following'),
    wishlist,
    dashboard('Support', '/support'),
    dashboard('Account', ACCOUNT_PROFILE_PATH),
  ],
  designer: [
    dashboard('Dashboard', '/dashboard'),
    dashboard('My purchases', '/purchases'),
    wishlist,
    dashboard('Support', '/support'),
    dashboard('Account', ACCOUNT_PROFILE_PATH),
  ],
  producer: [
    dashboard('Dashboard', '/dashboard'),
    dashboard('My beats', '/beats'),
    dashboard('My purchases', '/purchases'),
    wishlist,
    dashboard('Support', '/support'),
    dashboard('Account', ACCOUNT_PROFILE_PATH),
  ],
  moderator: [
    admin('All producers', '/producers'),
    admin('Pending producers', '/producers/pending'),
    admin('Pending tracks', '/tracks/pending'),
    admin('Reported tracks', '/tracks/reported'),
    wishlist,
  ],
  admin: [
    admin('Dashboard', '/dashboard'),
    admin('All producers', '/producers'),
    admin('All buyers', '/buyers'),
    admin('All tracks', '/tracks'),
    admin('Orders', '/orders'),
    admin('Payouts', '/payouts'),
    admin('Reports (statements)', '/statements'),
    admin('Coupons', '/coupons'),
    wishlist,
    admin('Account', '/account'),
  ],
};

/**
 * 'Go to dashboard': the dashboard site's home, or the admin site's for an admin. A moderator's
 * menu holds no home page (the admin's Dashboard shows the shop's revenue), so theirs is the first
 * page of their menu on the admin site.
 */
export function dashboardLinkFor(role: Role): MenuLink {
  const title = 'Go to dashboard';
  if (role === 'moderator') return { ...USER_MENUS.moderator[0]!, title };
  return { title, site: role === 'admin' ? 'admin' : 'dashboard', path: '/dashboard' };
}

/** The dashboard's page for ordering custom music, where 'Custom order' leads clients. */
export const SERVICES_PATH = '/services';
