import { formatUsd } from '../../../shared/domain/money';
import { effectiveRole } from '../../../shared/domain/auth/roles';
import { selectUser } from '../../../shared/features/auth/authSlice';
import { selectDashboardHome } from '../../../shared/features/sites/sitesSlice';
import { NEW_BEATS_DAYS } from '../../../shared/domain/buyer/dashboardLimits';
import type { ListedProduct, OrderSummary } from '../../../shared/schemas/sites';
import type { CustomOrderSummary } from '../../../shared/schemas/customOrders';
import { stateLabel } from '../customOrders/customOrderText';
import { SERVICES_PATH } from '../../../shared/domain/auth/userMenus';
import { CUSTOM_SERVICES_PATH } from '../../../shared/sites/siteRoutes';
import type { Track } from '../../../shared/schemas/track';
import { useAppSelector } from '../../store/hooks';
import { BeatRow } from '../buyer/BeatRow';
import { Link } from '../navigation/Link';
import { formatDate, orderStatusLabel } from './formatting';
import { useSiteHref } from './useSiteHref';
import { ProducerBalanceSection } from '../money/ProducerBalanceSection';
import { ProducerReportSection } from '../analyticsReports/ProducerReportSection';

/** Where the home's purchases lead: `My purchases` (issue 15). */
const MY_PURCHASES = { site: 'dashboard', path: '/purchases' } as const;
/** A producer's own services and their orders (issue 15), which SPEC §2's producer menu does not list. */
const CUSTOM_SERVICES = { site: 'dashboard', path: CUSTOM_SERVICES_PATH } as const;

function RecentPurchases({ orders }: { orders: readonly OrderSummary[] }) {
  const href = useSiteHref();
  if (orders.length === 0) {
    return (
      <p className="site-empty">
        No purchases yet. <Link href="/beats">Find a beat in the shop</Link>
      </p>
    );
  }
  return (
    <ul className="site-list">
      {orders.map((order) => (
        <li key={order.id} className="site-card order-row">
          <div className="order-row__items">
            {order.items.map((item, index) => (
              <span key={item.productId}>
                {index > 0 && ', '}
                {/* A custom service is no product: it opens the custom order, which shares the order's id. */}
                <Link href={item.productType === 'customservice' ? href({ site: 'dashboard', path: `${SERVICES_PATH}/${order.id}` }) : `/product/${item.productId}`}>{item.name}</Link>
              </span>
            ))}
          </div>
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

function FollowedNewBeats({ tracks }: { tracks: readonly Track[] }) {
  if (tracks.length === 0) {
    return (
      <p className="site-empty">
        No new beats from producers you follow in the last {NEW_BEATS_DAYS} days. <Link href="/beats">Discover producers in the shop</Link>
      </p>
    );
  }
  return (
    <ul className="site-list" aria-label="New beats from producers you follow">
      {tracks.map((track) => (
        <BeatRow key={track.id} track={track} queue={tracks} />
      ))}
    </ul>
  );
}

/** A buyer's orders open on `Services`; a producer's (of their offers) on `Custom services`, where they answer them. */
function OpenCustomOrders({ orders, asSeller }: { orders: readonly CustomOrderSummary[]; asSeller: boolean }) {
  const href = useSiteHref();
  if (orders.length === 0) return <p className="site-empty">No custom orders in progress.</p>;
  return (
    <ul className="site-list">
      {orders.map((order) => (
        <li key={order.id} className="site-card order-row">
          <div className="order-row__items">
            <Link href={href({ site: 'dashboard', path: `${asSeller ? CUSTOM_SERVICES_PATH : SERVICES_PATH}/${order.id}` })}>{order.serviceName}</Link>
            {asSeller && <span className="muted"> for {order.buyerName}</span>}
          </div>
          <div className="order-row__meta">
            <span>{formatDate(order.requestedAt)}</span>
            {order.deadline && <span>Due {formatDate(order.deadline)}</span>}
            {order.overdue && <span className="status-tag" data-status="failed">Overdue</span>}
            <span className="status-tag">{stateLabel(order.state, asSeller ? 'seller' : 'buyer')}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The dashboard site's home: the member's latest purchases, new beats from the producers they
 * follow, their open custom orders; a producer's listed products with their sold state first, and
 * their plays and sales (issue 13).
 */
export function DashboardHomePage() {
  const home = useAppSelector(selectDashboardHome);
  const user = useAppSelector(selectUser);
  const href = useSiteHref();
  if (!home) return null;
  const isProducer = user !== null && effectiveRole(user.roles) === 'producer';
  return (
    <>
      {isProducer && (
        <section aria-labelledby="listed-products">
          <div className="site-section-head">
            <h2 id="listed-products">My products</h2>
            <Link href={href(CUSTOM_SERVICES)}>Custom services</Link>
          </div>
          {home.listedProducts ? (
            <ListedProducts products={home.listedProducts} />
          ) : (
            <p className="site-empty">Complete identity verification to start selling tracks.</p>
          )}
        </section>
      )}
      <ProducerBalanceSection />
      <ProducerReportSection />
      <section aria-labelledby="recent-purchases">
        <div className="site-section-head">
          <h2 id="recent-purchases">Recent purchases</h2>
          <Link href={href(MY_PURCHASES)}>My purchases</Link>
        </div>
        <RecentPurchases orders={home.recentPurchases} />
      </section>
      <section aria-labelledby="followed-new-beats">
        <h2 id="followed-new-beats">New from producers you follow</h2>
        <FollowedNewBeats tracks={home.followedNewBeats} />
      </section>
      <section aria-labelledby="open-custom-orders">
        <h2 id="open-custom-orders">Open custom orders</h2>
        <OpenCustomOrders orders={home.openCustomOrders} asSeller={isProducer} />
      </section>
    </>
  );
}
