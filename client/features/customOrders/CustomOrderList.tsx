import { formatUsd } from '../../../shared/domain/money';
import type { CustomOrderSummary } from '../../../shared/schemas/customOrders';
import { Link } from '../navigation/Link';
import { formatDate } from '../sites/formatting';
import { stateLabel, stateTone } from './customOrderText';

/**
 * Custom orders as a table: service, the other party (the buyer for whoever does the work, the
 * seller for the buyer), state, deadline (flagged when overdue), price; the service opens the order.
 */
export function CustomOrderList({
  orders,
  hrefOf,
  parties,
}: {
  orders: readonly CustomOrderSummary[];
  hrefOf: (id: string) => string;
  /** The columns naming who is in it: the buyer for the seller, the seller for the buyer, both for the shop's staff. */
  parties: readonly ('buyer' | 'seller')[];
}) {
  return (
    <div className="site-table-wrap">
      <table className="site-table service-orders-table">
        <thead>
          <tr>
            <th scope="col">Service</th>
            {parties.map((party) => (
              <th scope="col" key={party}>
                {party === 'buyer' ? 'Buyer' : 'Seller'}
              </th>
            ))}
            <th scope="col">State</th>
            <th scope="col">Deadline</th>
            <th scope="col" className="numeric">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td>
                <Link href={hrefOf(order.id)}>{order.serviceName}</Link>
                <span className="service-orders-table__date muted"> ordered {formatDate(order.requestedAt)}</span>
              </td>
              {parties.map((party) => (
                <td className="service-orders-table__party" key={party}>
                  {party === 'buyer' ? order.buyerName : order.sellerName}
                </td>
              ))}
              <td>
                <span className="status-tag" data-status={stateTone(order.state)}>
                  {stateLabel(order.state)}
                </span>
              </td>
              <td className="service-orders-table__deadline">
                <span className="service-orders-table__label">Deadline </span>
                {order.deadline ? formatDate(order.deadline) : <span className="muted">After payment</span>}
                {order.overdue && (
                  <span className="status-tag service-order__overdue" data-status="failed">
                    Overdue
                  </span>
                )}
              </td>
              <td className="numeric">{formatUsd(order.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
