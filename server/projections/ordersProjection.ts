import type { OrderStatus } from '../../shared/schemas/order';
import { orderEventCodec } from '../domain/order/orderEventCodec';
import { type OrderEvent, orderIdOfStream } from '../domain/order/orderEvents';
import { defineProjection } from './projection';

/** The status each event leaves an order in, as the order's decider evolves it; null: unchanged. */
function statusAfter(event: OrderEvent): OrderStatus | null {
  switch (event.type) {
    case 'PaymentActionRequired':
      return 'requires_action';
    case 'PaymentSucceeded':
      return 'paid';
    case 'PaymentFailed':
      return 'failed';
    case 'OrderCancelled':
      return 'cancelled';
    case 'OrderRefunded':
      return 'refunded';
    default:
      return null;
  }
}

/** Every order with its buyer, status and total: the dashboard's recent orders, the admin's counts. */
export const ordersProjection = defineProjection({
  name: 'orders',
  codec: orderEventCodec,
  types: ['OrderPlaced', 'PaymentActionRequired', 'PaymentSucceeded', 'PaymentFailed', 'OrderCancelled', 'OrderRefunded'],
  async apply(tx, events) {
    for (const event of events) {
      if (event.type === 'OrderPlaced') {
        const placement = event.data;
        await tx
          .insertInto('commerce_orders')
          .values({
            order_id: placement.orderId,
            user_id: placement.userId,
            placed_at: Date.parse(placement.placedAt),
            status: 'pending',
            total_cents: placement.totalCents,
            lines: JSON.stringify(placement.lines.map(({ productId, name, productType }) => ({ productId, name, productType }))),
          })
          .onConflict((conflict) => conflict.column('order_id').doNothing())
          .execute();
        continue;
      }
      const status = statusAfter(event);
      if (status) await tx.updateTable('commerce_orders').set({ status }).where('order_id', '=', orderIdOfStream(event.streamId)).execute();
    }
  },
});
