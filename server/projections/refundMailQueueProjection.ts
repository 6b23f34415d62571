import { orderEventCodec } from '../domain/order/orderEventCodec';
import { orderIdOfStream } from '../domain/order/orderEvents';
import { defineProjection } from './projection';

/**
 * A refunded order's mail becomes due with the projection's checkpoint, so it is sent whatever
 * happens to the process that refunded (server/commerce/refundMailQueue.ts).
 */
export const refundMailQueueProjection = defineProjection({
  name: 'refund-mail-queue',
  codec: orderEventCodec,
  types: ['OrderRefunded'],
  async apply(tx, events) {
    for (const event of events) {
      await tx
        .insertInto('commerce_refund_mail_queue')
        .values({ order_id: orderIdOfStream(event.streamId), queued_at: Date.parse(event.recordedAt), claimed_until: null })
        .onConflict((conflict) => conflict.column('order_id').doNothing())
        .execute();
    }
  },
});
