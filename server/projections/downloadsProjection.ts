import { orderEventCodec } from '../domain/order/orderEventCodec';
import { orderIdOfStream } from '../domain/order/orderEvents';
import { defineProjection } from './projection';

/** Download links by token, so GET /downloads/{token} finds its file without reading the order stream. */
export const downloadsProjection = defineProjection({
  name: 'downloads',
  codec: orderEventCodec,
  types: ['OrderDelivered', 'OrderRefunded'],
  async apply(tx, events) {
    for (const event of events) {
      const orderId = orderIdOfStream(event.streamId);
      if (event.type === 'OrderDelivered') {
        for (const file of event.data.files) {
          await tx
            .insertInto('commerce_downloads')
            .values({
              token: file.token,
              order_id: orderId,
              product_id: file.productId,
              kind: file.kind,
              name: file.name,
              expires_at: Date.parse(file.expiresAt),
            })
            .onConflict((conflict) => conflict.column('token').doNothing())
            .execute();
        }
      } else if (event.type === 'OrderRefunded') {
        await tx.updateTable('commerce_downloads').set({ revoked: 1 }).where('order_id', '=', orderId).execute();
      }
    }
  },
});
