import { selectAdminBuyer } from '../../../shared/features/adminLists/adminListsSlice';
import { formatUsd } from '../../../shared/domain/money';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { formatDate, formatDateTime, orderStatusLabel } from '../sites/formatting';
import { AdminStatus, Facts } from './AdminActions';
import { AdminTable } from './AdminListSearch';
import { BlockControl } from './BlockControl';
import { ModeratorControl } from './ModeratorControl';
import { useAdminHref } from './useAdminHref';

/** A buyer: the account, its state with Block/Unblock, its roles with the moderator role's control, and its newest orders. */
export function AdminBuyerPage() {
  const detail = useAppSelector(selectAdminBuyer);
  const adminHref = useAdminHref();
  if (!detail) return null;
  const { account, orders } = detail;
  return (
    <>
      <AdminStatus />
      <article className="site-card admin-detail" aria-labelledby="admin-buyer-name">
        <h2 id="admin-buyer-name">{`${account.firstName} ${account.lastName}`}</h2>
        <Facts
          facts={[
            ['Email', account.email],
            ['Account id', account.id],
            ['Country', account.country],
            ['Roles', account.roles.join(', ')],
            ['Registered', account.registeredAt ? formatDate(account.registeredAt) : '—'],
            ['Email confirmed', account.emailConfirmed ? 'Yes' : 'No'],
            ['State', account.blocked ? <span className="admin-badge admin-badge--blocked">Blocked</span> : 'Active'],
          ]}
        />
        <div className="admin-detail__actions">
          <BlockControl account={account} producer={false} />
          <ModeratorControl account={account} />
          <a href={adminHref(`/support/sessions?userId=${account.id}`)}>Sessions of this buyer</a>
        </div>
      </article>
      <h2 className="admin-section-title">Orders</h2>
      {orders.length === 0 ? (
        <p className="site-empty">No orders yet.</p>
      ) : (
        <AdminTable caption="Orders of this buyer" head={['Order', 'Items', 'State', { label: 'Total', numeric: true }, 'Placed']}>
          {orders.map((order) => (
            <tr key={order.id}>
              <td>
                <Link href={adminHref(`/orders/${order.id}`)} aria-label={`Order ${order.id}`}>
                  <code>{order.id.slice(0, 8)}</code>
                </Link>
              </td>
              <td>{order.items.join(', ')}</td>
              <td>{orderStatusLabel(order.status)}</td>
              <td className="numeric">{formatUsd(order.total)}</td>
              <td>{formatDateTime(order.placedAt)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
