import { selectAdminProducers } from '../../../shared/features/sites/sitesSlice';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';

/** `All producers`: every producer profile, with followers and listed products; the name opens their page. */
export function AdminProducersPage() {
  const producers = useAppSelector(selectAdminProducers);
  if (!producers) return null;
  if (producers.length === 0) return <p className="site-empty">No producers yet.</p>;
  return (
    <div className="site-table-wrap">
      <table className="site-table">
        <thead>
          <tr>
            <th scope="col">Producer</th>
            <th scope="col">Page address</th>
            <th scope="col" className="numeric">
              Followers
            </th>
            <th scope="col" className="numeric">
              Products
            </th>
          </tr>
        </thead>
        <tbody>
          {producers.map((producer) => (
            <tr key={producer.id}>
              <td>
                <Link href={`/${producer.shortName}`}>{producer.artistName}</Link>
              </td>
              <td className="muted">/{producer.shortName}</td>
              <td className="numeric">{producer.followers}</td>
              <td className="numeric">{producer.productCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
