import { selectAdminList } from '../../../shared/features/adminLists/adminListsSlice';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { useAdminHref } from './useAdminHref';
import { AdminListSearch, AdminPager, AdminTable } from './AdminListSearch';

/** `All producers`: every producer profile by name, with followers, listed products and the account behind it. */
export function AdminProducersPage() {
  const list = useAppSelector((state) => selectAdminList(state, 'producers'));
  const adminHref = useAdminHref();
  return (
    <>
      <AdminListSearch label="Search producers" fields={[{ name: 'q', label: 'Name, page address, email or id', kind: 'text', placeholder: 'Mara Vale' }]} />
      {list &&
        (list.rows.length === 0 ? (
          <p className="site-empty">No producer matches this search.</p>
        ) : (
          <AdminTable wide caption="Producers" head={['Producer', 'Page address', { label: 'Followers', numeric: true }, { label: 'Products', numeric: true }, 'Account']}>
            {list.rows.map((producer) => (
              <tr key={producer.id}>
                <td>
                  <Link href={adminHref(`/producers/${producer.id}`)}>{producer.artistName}</Link>
                </td>
                <td className="muted">
                  <Link href={`/${producer.shortName}`}>/{producer.shortName}</Link>
                </td>
                <td className="numeric">{producer.followers}</td>
                <td className="numeric">{producer.productCount}</td>
                <td>{producer.account ? producer.account.blocked ? <span className="admin-badge admin-badge--blocked">Blocked</span> : producer.account.email : 'Shop catalogue'}</td>
              </tr>
            ))}
          </AdminTable>
        ))}
      {list && <AdminPager total={list.total} page={list.page} pageSize={list.pageSize} noun="producer" />}
    </>
  );
}
