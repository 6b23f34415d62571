import type { CustomOrderState } from '../../shared/schemas/customOrders';
import { customOrderEventCodec } from '../domain/customOrder/customOrderEventCodec';
import { type CustomOrderEvent, customOrderIdOfStream } from '../domain/customOrder/customOrderEvents';
import { defineProjection } from './projection';

/** The state each event leaves a custom order in, as its decider evolves it; null: unchanged. */
function stateAfter(event: CustomOrderEvent): CustomOrderState | null {
  switch (event.type) {
    case 'CustomOrderPaid':
      return 'waiting';
    case 'CustomOrderPaymentFailed':
      return 'payment_failed';
    case 'CustomOrderAccepted':
      return 'accepted';
    case 'CustomOrderDeclined':
    case 'CustomOrderCancelled':
      return 'declined';
    case 'CustomOrderDelivered':
      return 'delivered';
    case 'CustomOrderRevisionRequested':
      return 'revision_requested';
    case 'CustomOrderCompleted':
      return 'completed';
    case 'CustomOrderRequested':
    case 'CustomOrderRefunded':
    case 'CustomOrderMessagePosted':
      return null;
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

/** Steps the other party hears of by mail; the request itself waits for its payment. */
const MAILED: readonly CustomOrderEvent['type'][] = [
  'CustomOrderPaid',
  'CustomOrderAccepted',
  'CustomOrderDeclined',
  'CustomOrderRefunded',
  'CustomOrderCancelled',
  'CustomOrderDelivered',
  'CustomOrderRevisionRequested',
  'CustomOrderCompleted',
  'CustomOrderMessagePosted',
];

/**
 * The custom orders' list rows; a decline makes the order due for its refund, and each step's
 * mail due, in the same transaction as the checkpoint (server/customOrders/customOrderProcess.ts).
 */
export const customOrdersProjection = defineProjection({
  name: 'custom-orders',
  codec: customOrderEventCodec,
  async apply(tx, events) {
    for (const event of events) {
      const id = customOrderIdOfStream(event.streamId);
      const at = Date.parse(event.recordedAt);
      if (event.type === 'CustomOrderRequested') {
        const { buyerId, service, requestedAt } = event.data;
        await tx
          .insertInto('custom_orders')
          .values({
            id,
            buyer_id: buyerId,
            service_id: service.serviceId,
            producer_id: service.producerId,
            service_name: service.name,
            price_cents: service.priceCents,
            state: 'awaiting_payment',
            requested_at: Date.parse(requestedAt),
            due_at: null,
            updated_at: at,
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .execute();
        continue;
      }
      const state = stateAfter(event);
      if (state) await tx.updateTable('custom_orders').set({ state, updated_at: at }).where('id', '=', id).execute();
      if (event.type === 'CustomOrderPaid') await tx.updateTable('custom_orders').set({ due_at: Date.parse(event.data.dueAt) }).where('id', '=', id).execute();
      if (event.type === 'CustomOrderDeclined') {
        await tx
          .insertInto('custom_order_sync')
          .values({ custom_order_id: id, queued_at: at })
          .onConflict((conflict) => conflict.column('custom_order_id').doNothing())
          .execute();
      }
      if (MAILED.includes(event.type)) {
        await tx
          .insertInto('custom_order_mail_queue')
          .values({ position: event.position, custom_order_id: id, event_type: event.type, queued_at: at })
          .onConflict((conflict) => conflict.column('position').doNothing())
          .execute();
      }
    }
  },
});
