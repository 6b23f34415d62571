import { formatUsd } from '../../../shared/domain/money';
import { effectiveRole } from '../../../shared/domain/auth/roles';
import { selectUser } from '../../../shared/features/auth/authSlice';
import { selectDashboardHome } from '../../../shared/features/sites/sitesSlice';
import type { ListedProduct, OrderSummary } from '../../../shared/schemas/sites';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { formatDate, orderStatusLabel } from './formatting';
import { ProducerBalanceSection } from '../money/ProducerBalanceSection';

function RecentOrders({ orders }: { orders: readonly OrderSummary[] }) {
  if (orders.length === 0) {
    return (
      <p className="site-empty">
        No orders yet. <Link href="/beats">Find a beat in the shop</Link>
      </p>
    );
  }
  return (
    <ul className="site-list">
      {orders.map((order) => (
        <li key={order.id} className="site-card order-row">
          <div className="order-row__items">{order.items.map((item) => item.name).join(', ')}</div>
          <div className="order-row__meta">
            <span>{formatDate(order.placedAt)}</span>
            <span className="status-tag" data-status={order.status}>
              {orderStatusLabel(order.status)}
            </span>
            <strong>{formatUsd(order.total)}</strong>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ListedProducts({ products }: { products: readonly ListedProduct[] }) {
  if (products.length === 0) return <p className="site-empty">Nothing listed yet.</p>;
  return (
    <ul className="site-list">
      {products.map((product) => (
        <li key={product.id} className="site-card product-row">
          {product.coverImageSrc ? (
            <img className="product-row__cover" src={product.coverImageSrc} alt="" width={56} height={56} loading="lazy" />
          ) : (
            <span className="product-row__cover" aria-hidden="true" />
          )}
          <Link href={`/product/${product.id}`} className="product-row__name">
            {product.name}
          </Link>
          <span className="product-row__price">{formatUsd(product.price)}</span>
          <span className="status-tag" data-status={product.isSold ? 'sold' : 'listed'}>
            {product.isSold ? 'Sold' : 'For sale'}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard site's home: the member's recent orders; a producer's listed products with their sold state. */
export function DashboardHomePage() {
  const home = useAppSelector(selectDashboardHome);
  const user = useAppSelector(selectUser);
  if (!home) return null;
  const isProducer = user !== null && effectiveRole(user.roles) === 'producer';
  return (
    <>
      {isProducer && (
        <section aria-labelledby="listed-products">
          <h2 id="listed-products">My products</h2>
          {home.listedProducts ? (
            <ListedProducts products={home.listedProducts} />
          ) : (
            <p className="site-empty">Complete identity verification to start selling tracks.</p>
          )}
        </section>
      )}
      <ProducerBalanceSection />
      <section aria-labelledby="recent-orders">
        <h2 id="recent-orders">Recent orders</h2>
        <RecentOrders orders={home.recentOrders} />
      </section>
    </>
  );
}
