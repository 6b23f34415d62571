import { formatUsd } from '../../../shared/domain/money';
import { selectAdminSummary } from '../../../shared/features/sites/sitesSlice';
import { SITE_ROUTES } from '../../../shared/sites/siteRoutes';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { useSiteHref } from './useSiteHref';

/**
 * The moderation queues an admin may open although SPEC §2's admin menu does not list them
 * (issue 14: moderation is for moderators and admins); linked here rather than added to the menu.
 */
const MODERATION_PAGES = SITE_ROUTES.filter((route) => route.sitePage.alsoOpenTo?.includes('admin'));

/** The admin site's home: the shop in numbers, from the read models, and the way to the moderation queues. */
export function AdminHomePage() {
  const summary = useAppSelector(selectAdminSummary);
  const href = useSiteHref();
  if (!summary) return null;
  const figures = [
    { label: 'Products', value: String(summary.products) },
    { label: 'Producers', value: String(summary.producers) },
    { label: 'Buyers', value: String(summary.buyers) },
    { label: 'Paid orders', value: String(summary.orders) },
    { label: 'Revenue', value: formatUsd(summary.revenue) },
  ];
  return (
    <>
      <dl className="stat-grid">
        {figures.map((figure) => (
          <div key={figure.label} className="site-card stat">
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="moderation-queues">
        <h2 id="moderation-queues">Moderation</h2>
        <ul className="site-links">
          {MODERATION_PAGES.map((route) => (
            <li key={route.name}>
              <Link href={href(route.sitePage)}>{route.title}</Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
