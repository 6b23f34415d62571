import type { OrderEvent } from '../domain/order/orderEvents';
import type { Projection } from './projection';

/** Download links by token, so GET /downloads/{token} finds its file without reading the order stream. */
export const downloadsProjection: Projection = {
  name: 'downloads',
  types: ['OrderDelivered', 'OrderRefunded'],
  async apply(tx, events) {
    for (const recorded of events) {
      const event = recorded as unknown as OrderEvent;
      const orderId = recorded.streamId.replace(/^order-/, '');
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
};
