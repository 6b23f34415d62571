import { selectAdminOrder } from '../../../shared/features/adminLists/adminListsSlice';
import { formatUsd } from '../../../shared/domain/money';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { formatDateTime, orderStatusLabel } from '../sites/formatting';
import { AdminStatus, ConfirmedAction, Facts } from './AdminActions';
import { AdminTable } from './AdminListSearch';
import { useAdminHref } from './useAdminHref';

const KIND_LABELS = { beat: 'Beat', projectFile: 'Project file', samplePack: 'Sample pack', contacts: 'Contacts list' } as const;

/** One order: what was bought and how it was paid, its state, its files, its history; Refund for a paid one. */
export function AdminOrderPage() {
  const detail = useAppSelector(selectAdminOrder);
  const adminHref = useAdminHref();
  if (!detail) return null;
  const { order, downloads, history } = detail;
  return (
    <>
      <AdminStatus />
      <article className="site-card admin-detail" aria-labelledby="admin-order-id">
        <h2 id="admin-order-id">
          Order <code>{order.id}</code>
        </h2>
        <Facts
          facts={[
            ['State', orderStatusLabel(order.status)],
            ['Buyer', <Link href={adminHref(`/buyers/${order.buyerId}`)}>{order.buyerEmail ?? `Account ${order.buyerId}`}</Link>],
            ['Placed', formatDateTime(order.placedAt)],
            ['Paid', order.paidAt ? formatDateTime(order.paidAt) : '—'],
            ['Payment method', order.paymentMethod],
            ['Provider', order.provider],
            ['Payment id', order.providerPaymentId ? <code>{order.providerPaymentId}</code> : '—'],
            ['Coupon', order.coupon ? `${order.coupon.code} (${order.coupon.percentage}% off)` : 'None'],
            ...(order.failureReason ? ([[order.status === 'refunded' ? 'Refund reason' : 'Failure', order.failureReason]] as const) : []),
          ]}
        />
        <div className="admin-detail__actions">
          {detail.refundable && (
            <ConfirmedAction
              action={{ kind: 'refund', orderId: order.id }}
              label="Refund order"
              question={`Refund ${formatUsd(order.total)} to the buyer through ${order.provider}? Their download links stop working, and they are mailed.`}
              confirmLabel="Yes, refund"
            />
          )}
          <a href={adminHref(`/support/sessions?orderId=${order.id}`)}>Session of this order</a>
          <a href={adminHref(`/support/sessions?userId=${order.buyerId}`)}>Sessions of this buyer</a>
        </div>
      </article>

      <h2 className="admin-section-title">Items</h2>
      <AdminTable caption="Items of this order" head={['Item', 'Type', { label: 'Price', numeric: true }]}>
        {order.lines.map((line) => (
          <tr key={line.productId}>
            <td>{line.productType === 'track' ? <Link href={adminHref(`/tracks/${line.productId}`)}>{line.name}</Link> : line.name}</td>
            <td>{line.includeProjectFile ? `${line.productType} + project file` : line.productType}</td>
            <td className="numeric">{formatUsd(line.price)}</td>
          </tr>
        ))}
      </AdminTable>
      <dl className="admin-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatUsd(order.subTotal)}</dd>
        </div>
        <div>
          <dt>Discount</dt>
          <dd>{formatUsd(order.discount)}</dd>
        </div>
        <div>
          <dt>Service fee</dt>
          <dd>{formatUsd(order.serviceFee)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatUsd(order.total)}</dd>
        </div>
      </dl>

      <h2 className="admin-section-title">Downloads</h2>
      {downloads.length === 0 ? (
        <p className="site-empty">No files were delivered.</p>
      ) : (
        <AdminTable caption="Files of this order" head={['File', 'Kind', 'Link', { label: 'Downloads', numeric: true }]}>
          {downloads.map((file) => (
            <tr key={`${file.productId}-${file.kind}`}>
              <td>{file.name}</td>
              <td>{KIND_LABELS[file.kind]}</td>
              <td>{file.revoked ? 'Revoked (refunded)' : `Works until ${formatDateTime(file.expiresAt)}`}</td>
              <td className="numeric">{file.timesDownloaded}</td>
            </tr>
          ))}
        </AdminTable>
      )}

      <h2 className="admin-section-title">History</h2>
      <ol className="site-list admin-history">
        {history.map((event) => (
          <li key={event.version} className="site-card">
            <strong>{event.type}</strong> <span className="muted">{formatDateTime(event.recordedAt)}</span>
            {Object.keys(event.data).length > 0 && (
              <span className="admin-history__data">
                {Object.entries(event.data)
                  .map(([key, value]) => `${key}: ${String(value)}`)
                  .join(' · ')}
              </span>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
