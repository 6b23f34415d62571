import type { CustomOrderSummary } from '../../shared/schemas/customOrders';
import type { AppDeps } from '../appDeps';
import { listCustomOrders } from './customOrders';

/** For the dashboard home: the buyer's custom orders that are not finished (neither completed, declined nor failed). */
export async function openCustomOrdersOf(deps: AppDeps, userId: number): Promise<CustomOrderSummary[]> {
  const orders = await listCustomOrders(deps, { buyerId: userId });
  return orders.filter((order) => !['completed', 'declined', 'payment_failed'].includes(order.state));
}
