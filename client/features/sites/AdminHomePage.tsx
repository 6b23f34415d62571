import { formatUsd } from '../../../shared/domain/money';
import { MONEY_FIGURES, PAID_ORDERS } from '../../../shared/domain/moneyFigures';
import { selectAdminSummary } from '../../../shared/features/sites/sitesSlice';
import { ADMIN_HOME_SECTIONS, SITE_ROUTES } from '../../../shared/sites/siteRoutes';
import { useAppSelector } from '../../store/hooks';
import { ShopReportSection } from '../analyticsReports/ShopReportSection';
import { Link } from '../navigation/Link';
import { FigureCards } from './FigureCards';
import { useSiteHref } from './useSiteHref';

/** Pages an admin may open although SPEC §2's admin menu does not list them, linked here rather than added to the menu. */
const SECTIONS = ADMIN_HOME_SECTIONS.map(({ title, pages }) => ({ title, routes: SITE_ROUTES.filter((route) => pages.includes(route.name)) }));

/**
 * The admin site's home: the shop in numbers, from the read models, the way to the moderation queues
 * and the support console, and the shop's reports for a range of days (issue 13).
 */
export function AdminHomePage() {
  const summary = useAppSelector(selectAdminSummary);
  const href = useSiteHref();
  if (!summary) return null;
  const figures = [
    { label: 'Products', value: String(summary.products) },
    { label: 'Producers', value: String(summary.producers) },
    { label: 'Buyers', value: String(summary.buyers) },
    { label: `${PAID_ORDERS} not refunded`, value: String(summary.orders) },
    { label: `${MONEY_FIGURES.netRevenue}, all time`, value: formatUsd(summary.revenue) },
  ];
  return (
    <>
      <FigureCards figures={figures} />
      {SECTIONS.map(({ title, routes }) => (
        <section key={title} aria-labelledby={`admin-home-${title.toLowerCase()}`}>
          <h2 id={`admin-home-${title.toLowerCase()}`}>{title}</h2>
          <ul className="site-links">
            {routes.map((route) => (
              <li key={route.name}>
                <Link href={href(route.sitePage)}>{route.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <ShopReportSection />
    </>
  );
}
