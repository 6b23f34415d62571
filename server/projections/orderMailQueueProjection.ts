import { orderEventCodec } from '../domain/order/orderEventCodec';
import { orderIdOfStream } from '../domain/order/orderEvents';
import { defineProjection } from './projection';

/**
 * A delivered order's mail becomes due in the same transaction as the projection's checkpoint:
 * whatever happens to the process afterwards, the mail is sent (server/commerce/orderMailQueue.ts).
 */
export const orderMailQueueProjection = defineProjection({
  name: 'order-mail-queue',
  codec: orderEventCodec,
  types: ['OrderDelivered'],
  async apply(tx, events) {
    for (const event of events) {
      await tx
        .insertInto('commerce_order_mail_queue')
        .values({ order_id: orderIdOfStream(event.streamId), queued_at: Date.parse(event.recordedAt) })
        .onConflict((conflict) => conflict.column('order_id').doNothing())
        .execute();
    }
  },
});
