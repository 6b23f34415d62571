import type { CustomOrderSummary } from '../../shared/schemas/customOrders';
import type { AppDeps } from '../appDeps';
import { listCustomOrders } from './customOrders';

/**
 * For the dashboard home: the custom orders not finished (neither completed, declined nor failed)
 * that are the user's to follow: a buyer's own, or for a verified producer (who orders none) the
 * orders of their offers, which wait for them.
 */
export async function openCustomOrdersOf(deps: AppDeps, userId: number, producerId: number | null): Promise<CustomOrderSummary[]> {
  const orders = await listCustomOrders(deps, producerId === null ? { buyerId: userId } : { producerId });
  return orders.filter((order) => !['completed', 'declined', 'payment_failed'].includes(order.state));
}
