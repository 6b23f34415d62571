import { selectAdminList } from '../../../shared/features/adminLists/adminListsSlice';
import { formatUsd } from '../../../shared/domain/money';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { formatDateTime, orderStatusLabel } from '../sites/formatting';
import { useAdminHref } from './useAdminHref';
import { AdminListSearch, AdminPager, AdminTable } from './AdminListSearch';
import { ORDER_STATUS_OPTIONS } from './adminLabels';

/** `Orders`: newest first; by the order id, the buyer's email, state and the days placed (UTC). Custom orders have their own list under it. */
export function AdminOrdersPage() {
  const list = useAppSelector((state) => selectAdminList(state, 'orders'));
  const adminHref = useAdminHref();
  return (
    <>
      <p className="admin-related">
        Custom music services are ordered and delivered apart: <Link href={adminHref('/custom-orders')}>Custom orders</Link>
      </p>
      <AdminListSearch
        label="Search orders"
        fields={[
          { name: 'q', label: 'Order id or buyer email', kind: 'text', placeholder: 'ada@example.com' },
          { name: 'status', label: 'State', kind: 'select', options: ORDER_STATUS_OPTIONS },
          { name: 'from', label: 'Placed from', kind: 'date' },
          { name: 'to', label: 'Placed until', kind: 'date' },
        ]}
      />
      {list &&
        (list.rows.length === 0 ? (
          <p className="site-empty">No order matches this search.</p>
        ) : (
          <AdminTable wide caption="Orders" head={['Order', 'Buyer', 'Items', 'State', { label: 'Total', numeric: true }, 'Placed']}>
            {list.rows.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link href={adminHref(`/orders/${order.id}`)} aria-label={`Order ${order.id}`}>
                    <code>{order.id.slice(0, 8)}</code>
                  </Link>
                </td>
                <td className="admin-table__email">{order.buyerEmail ? <Link href={adminHref(`/buyers/${order.buyerId}`)}>{order.buyerEmail}</Link> : `Account ${order.buyerId}`}</td>
                <td>{order.items.join(', ')}</td>
                <td>{orderStatusLabel(order.status)}</td>
                <td className="numeric">{formatUsd(order.total)}</td>
                <td>{formatDateTime(order.placedAt)}</td>
              </tr>
            ))}
          </AdminTable>
        ))}
      {list && <AdminPager total={list.total} page={list.page} pageSize={list.pageSize} noun="order" />}
    </>
  );
}
