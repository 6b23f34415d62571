import type { MenuLink } from '../../../shared/domain/auth/userMenus';
import { selectAdminUrl, selectDashboardUrl } from '../../../shared/features/config/configSlice';
import { siteHref } from '../../../shared/sites/siteLinks';
import { useAppSelector } from '../../store/hooks';

/** `siteHref` with the sites' URLs from the store: every link to a dashboard or admin page goes through it. */
export function useSiteHref(): (link: Pick<MenuLink, 'site' | 'path'>) => string {
  const dashboardUrl = useAppSelector(selectDashboardUrl);
  const adminUrl = useAppSelector(selectAdminUrl);
  return (link) => siteHref(link, { dashboardUrl, adminUrl });
}
