import { orderEventCodec } from '../domain/order/orderEventCodec';
import { orderIdOfStream } from '../domain/order/orderEvents';
import { defineProjection } from './projection';

/**
 * Drives custom orders from the events of the orders that carry their payments: an outcome of
 * such an order (paid, failed, cancelled, refunded) makes its custom order due for a sync in the
 * same transaction as the checkpoint, so no crash can lose it (server/customOrders/customOrderProcess.ts).
 */
export const customOrderPaymentsProjection = defineProjection({
  name: 'custom-order-payments',
  codec: orderEventCodec,
  types: ['OrderPlaced', 'PaymentSucceeded', 'PaymentFailed', 'OrderCancelled', 'OrderRefunded'],
  async apply(tx, events) {
    for (const event of events) {
      const orderId = orderIdOfStream(event.streamId);
      if (event.type === 'OrderPlaced') {
        if (!event.data.lines.some((line) => line.productType === 'customservice')) continue;
        await tx
          .insertInto('custom_order_payments')
          .values({ order_id: orderId })
          .onConflict((conflict) => conflict.column('order_id').doNothing())
          .execute();
        continue;
      }
      const carries = await tx.selectFrom('custom_order_payments').select('order_id').where('order_id', '=', orderId).executeTakeFirst();
      if (!carries) continue;
      await tx
        .insertInto('custom_order_sync')
        .values({ custom_order_id: orderId, queued_at: Date.parse(event.recordedAt) })
        .onConflict((conflict) => conflict.column('custom_order_id').doNothing())
        .execute();
    }
  },
});
