import { formatUsd } from '../../../shared/domain/money';
import { selectAdminSummary } from '../../../shared/features/sites/sitesSlice';
import { useAppSelector } from '../../store/hooks';

/** The admin site's home: the shop in numbers, from the read models. */
export function AdminHomePage() {
  const summary = useAppSelector(selectAdminSummary);
  if (!summary) return null;
  const figures = [
    { label: 'Products', value: String(summary.products) },
    { label: 'Producers', value: String(summary.producers) },
    { label: 'Buyers', value: String(summary.buyers) },
    { label: 'Paid orders', value: String(summary.orders) },
    { label: 'Revenue', value: formatUsd(summary.revenue) },
  ];
  return (
    <dl className="stat-grid">
      {figures.map((figure) => (
        <div key={figure.label} className="site-card stat">
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
