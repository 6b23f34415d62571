import { formatCents } from '../../../shared/domain/money';
import { selectSales } from '../../../shared/features/library/librarySlice';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { useSiteHref } from '../sites/useSiteHref';
import { formatDate } from '../sites/formatting';

/** `Sales` (under My beats): the producer's sold beats, each with the licence contract of its sale. */
export function SalesPage() {
  const sales = useAppSelector(selectSales);
  const href = useSiteHref();
  if (!sales) return null;
  return (
    <>
      <p>
        <Link href={href({ site: 'dashboard', path: '/beats' })}>← My beats</Link>
      </p>
      {sales.length === 0 ? (
        <p className="site-empty">No beats sold yet. Each sale’s licence contract appears here.</p>
      ) : (
        <div className="site-table-wrap">
          <table className="site-table">
            <thead>
              <tr>
                <th scope="col">Beat</th>
                <th scope="col">Sold</th>
                <th scope="col" className="numeric">
                  Price
                </th>
                <th scope="col">Contract</th>
              </tr>
            </thead>
            <tbody>
              {sales.map((sale) => (
                <tr key={sale.contractId}>
                  <td>
                    {sale.beatName}
                    {sale.refunded && <span className="status-tag library-sale__refunded" data-status="refunded">Refunded</span>}
                  </td>
                  <td className="muted">{formatDate(sale.soldAt)}</td>
                  <td className="numeric">{formatCents(sale.priceCents)}</td>
                  <td>
                    <a href={sale.url} download aria-label={`Licence contract for ${sale.beatName} (PDF)`}>
                      {sale.contractId}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
