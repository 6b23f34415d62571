import { useSiteHref } from '../sites/useSiteHref';

/** A link to an admin-site page by the path the site gives it (`/orders/<id>`), wherever ADMIN_URL puts the site. */
export function useAdminHref(): (path: string) => string {
  const siteHref = useSiteHref();
  return (path) => siteHref({ site: 'admin', path });
}
