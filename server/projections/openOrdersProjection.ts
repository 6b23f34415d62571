import { orderEventCodec } from '../domain/order/orderEventCodec';
import { ORDER_SETTLED_TYPES, orderIdOfStream } from '../domain/order/orderEvents';
import { defineProjection } from './projection';

/** Orders still waiting for their money, oldest first: what the reconciliation job walks through. */
export const openOrdersProjection = defineProjection({
  name: 'open-orders',
  codec: orderEventCodec,
  types: ['OrderPlaced', ...ORDER_SETTLED_TYPES],
  async apply(tx, events) {
    for (const event of events) {
      if (event.type === 'OrderPlaced') {
        await tx
          .insertInto('commerce_open_orders')
          .values({ order_id: event.data.orderId, placed_at: Date.parse(event.data.placedAt) })
          .onConflict((conflict) => conflict.column('order_id').doNothing())
          .execute();
      } else {
        await tx.deleteFrom('commerce_open_orders').where('order_id', '=', orderIdOfStream(event.streamId)).execute();
      }
    }
  },
});
