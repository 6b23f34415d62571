import { selectMyCustomOrders, selectOpenCustomOrder, selectShopCustomOrders } from '../../../shared/features/customOrders/customOrdersSlice';
import { embeddedSitePath } from '../../../shared/sites/siteLinks';
import { CUSTOM_SERVICES_PATH } from '../../../shared/sites/siteRoutes';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { CustomOrderList } from './CustomOrderList';
import { CustomOrderView } from './CustomOrderView';
import { OrderServiceForm } from './OrderServiceForm';

const myOrderHref = (id: string) => embeddedSitePath('dashboard', `/services/${id}`);
const shopOrderHref = (id: string) => embeddedSitePath('admin', `/custom-orders/${id}`);

/** The buyer's `Services` (`/dashboard/services`): their custom orders, and ordering a new one. */
export function MyCustomOrdersPage() {
  const orders = useAppSelector(selectMyCustomOrders);
  if (!orders) return null;
  return (
    <>
      <OrderServiceForm />
      <section aria-labelledby="my-custom-orders-heading">
        <h2 id="my-custom-orders-heading">Your custom orders</h2>
        {orders.length === 0 ? <p className="site-empty">You have not ordered a service yet.</p> : <CustomOrderList orders={orders} hrefOf={myOrderHref} parties={['seller']} />}
      </section>
    </>
  );
}

/** One of the buyer's orders (`/dashboard/services/:id`). */
export function MyCustomOrderPage() {
  const order = useAppSelector(selectOpenCustomOrder);
  if (!order) return null;
  return (
    <>
      <p>
        <Link href={embeddedSitePath('dashboard', '/services')}>← All your custom orders</Link>
      </p>
      <CustomOrderView order={order} side="buyer" />
    </>
  );
}

/** The shop's custom orders (`/admin/custom-orders`): paid ones, newest first, overdue ones flagged. */
export function ShopCustomOrdersPage() {
  const orders = useAppSelector(selectShopCustomOrders);
  if (!orders) return null;
  return orders.length === 0 ? <p className="site-empty">No custom orders yet.</p> : <CustomOrderList orders={orders} hrefOf={shopOrderHref} parties={['buyer', 'seller']} />;
}

/** One shop order (`/admin/custom-orders/:id`): accept, decline, deliver, write. */
export function ShopCustomOrderPage() {
  const order = useAppSelector(selectOpenCustomOrder);
  if (!order) return null;
  return (
    <>
      <p>
        <Link href={embeddedSitePath('admin', '/custom-orders')}>← All custom orders</Link>
      </p>
      <CustomOrderView order={order} side="shop" />
    </>
  );
}

/** One order for the producer's own offer (`/dashboard/custom-services/:id`): accept, decline, deliver, write. */
export function ProducerCustomOrderPage() {
  const order = useAppSelector(selectOpenCustomOrder);
  if (!order) return null;
  return (
    <>
      <p>
        <Link href={embeddedSitePath('dashboard', CUSTOM_SERVICES_PATH)}>← Your custom services</Link>
      </p>
      <CustomOrderView order={order} side="producer" />
    </>
  );
}
