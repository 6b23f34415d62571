import { selectAdminList } from '../../../shared/features/adminLists/adminListsSlice';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { formatDate } from '../sites/formatting';
import { useAdminHref } from './useAdminHref';
import { AdminListSearch, AdminPager, AdminTable } from './AdminListSearch';

/** `All buyers`: accounts with the client role, newest first, by name, email or id. */
export function AdminBuyersPage() {
  const list = useAppSelector((state) => selectAdminList(state, 'buyers'));
  const adminHref = useAdminHref();
  return (
    <>
      <AdminListSearch label="Search buyers" fields={[{ name: 'q', label: 'Name, email or id', kind: 'text', placeholder: 'ada@example.com' }]} />
      {list &&
        (list.rows.length === 0 ? (
          <p className="site-empty">No buyer matches this search.</p>
        ) : (
          <>
            <AdminTable wide caption="Buyers" head={['Buyer', 'Email', 'Country', { label: 'Orders', numeric: true }, 'Registered', 'Account']}>
              {list.rows.map((buyer) => (
                <tr key={buyer.id}>
                  <td>
                    <Link href={adminHref(`/buyers/${buyer.id}`)}>{`${buyer.firstName} ${buyer.lastName}`}</Link>
                  </td>
                  <td className="admin-table__email">{buyer.email}</td>
                  <td>{buyer.country}</td>
                  <td className="numeric">{buyer.orderCount}</td>
                  <td>{buyer.registeredAt ? formatDate(buyer.registeredAt) : '—'}</td>
                  <td>{buyer.blocked ? <span className="admin-badge admin-badge--blocked">Blocked</span> : 'Active'}</td>
                </tr>
              ))}
            </AdminTable>
          </>
        ))}
      {list && <AdminPager total={list.total} page={list.page} pageSize={list.pageSize} noun="buyer" />}
    </>
  );
}
