import type { AppDeps } from '../appDeps';
import { isOpen } from '../domain/order/orderDecider';
import type { OrderLine } from '../domain/order/orderEvents';
import { sellsOnce } from '../domain/product/productEvents';
import { HttpError } from '../http/endpoint';
import { RESERVATION_MS } from './reservation';
import { type PlacedOrder, readOrder } from './orders';
import { ALREADY_BEING_BOUGHT } from './proMembership';

/**
 * The buyer's orders that may still hold something: open, and placed within the reservation
 * window. Every order's request is claimed in `commerce_order_requests` before the order exists,
 * in the same database, so this sees an order placed a moment ago on another server too.
 */
export async function recentOpenOrders(deps: AppDeps, userId: number): Promise<PlacedOrder[]> {
  const since = deps.clock.now().getTime() - RESERVATION_MS;
  const rows = await deps.database.query
    .selectFrom('commerce_order_requests')
    .select('order_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .execute();
  const orders = await Promise.all(rows.map((row) => readOrder(deps, row.order_id)));
  return orders.filter((order): order is PlacedOrder => order.status !== 'none' && isOpen(order.status) && Date.parse(order.placement.placedAt) > since);
}

const hhmm = (date: Date) => date.toISOString().slice(11, 16);

/**
 * One account may not hold every beat in the shop with payments it never finishes: its open
 * orders together hold at most `BEAT_HOLDS_PER_BUYER` beats (and one PRO membership). The
 * buyer's own open orders for beats in this cart do not count, since this order replaces them.
 * Refused before anything is placed or reserved.
 */
export async function refuseOverHolding(deps: AppDeps, userId: number, lines: readonly Pick<OrderLine, 'productId' | 'productType'>[], orderId: string): Promise<void> {
  const limit = deps.config.commerce.beatHoldsPerBuyer;
  const wanted = lines.filter((line) => sellsOnce(line.productType)).map((line) => line.productId);
  if (wanted.length > limit) {
    throw new HttpError(409, `One order can hold at most ${limit} beats while it is paid for; please buy the others in a second order.`);
  }
  const others = (await recentOpenOrders(deps, userId)).filter(
    (order) => order.placement.orderId !== orderId && !order.placement.lines.some((line) => sellsOnce(line.productType) && wanted.includes(line.productId)),
  );
  if (lines.some((line) => line.productType === 'promembership') && others.some((order) => order.placement.lines.some((line) => line.productType === 'promembership'))) {
    throw new HttpError(409, ALREADY_BEING_BOUGHT);
  }
  const held = others.reduce((count, order) => count + order.placement.lines.filter((line) => sellsOnce(line.productType)).length, 0);
  if (wanted.length > 0 && held + wanted.length > limit) {
    const freedAt = new Date(Math.min(...others.map((order) => Date.parse(order.placement.placedAt))) + RESERVATION_MS);
    throw new HttpError(
      409,
      `Your unfinished payments already hold ${held} ${held === 1 ? 'beat' : 'beats'}, and one buyer can hold at most ${limit} at a time. ` +
        `Complete or cancel one of those payments first; the earliest hold ends at ${hhmm(freedAt)} UTC. You were not charged.`,
    );
  }
}
