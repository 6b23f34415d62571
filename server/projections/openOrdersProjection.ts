import { ORDER_SETTLED_TYPES } from '../domain/order/orderEvents';
import { upcastPlacement } from '../domain/order/upcastPlacement';
import type { OrderEvent } from '../domain/order/orderEvents';
import type { Projection } from './projection';

/** Orders still waiting for their money, oldest first: what the reconciliation job walks through. */
export const openOrdersProjection: Projection = {
  name: 'open-orders',
  types: ['OrderPlaced', ...ORDER_SETTLED_TYPES],
  async apply(tx, events) {
    for (const recorded of events) {
      const event = recorded as unknown as OrderEvent;
      if (event.type === 'OrderPlaced') {
        const placement = upcastPlacement(event.data);
        await tx
          .insertInto('commerce_open_orders')
          .values({ order_id: placement.orderId, placed_at: Date.parse(placement.placedAt) })
          .onConflict((conflict) => conflict.column('order_id').doNothing())
          .execute();
      } else {
        await tx.deleteFrom('commerce_open_orders').where('order_id', '=', recorded.streamId.replace(/^order-/, '')).execute();
      }
    }
  },
};
