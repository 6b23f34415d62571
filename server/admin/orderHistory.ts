import type { AdminOrderEvent } from '../../shared/schemas/adminLists';
import type { AppDeps } from '../appDeps';
import { readDecodedStream } from '../domain/aggregateStream';
import { orderEventCodec } from '../domain/order/orderEventCodec';
import { type OrderEvent, orderStreamId } from '../domain/order/orderEvents';

/**
 * What an admin may read of each event: no shipping address, no download tokens (each is a key
 * to the files), no 3-D Secure address or client secret. Whatever a new event type carries stays
 * hidden until it is named here.
 */
function shownData(event: OrderEvent): AdminOrderEvent['data'] {
  switch (event.type) {
    case 'OrderPlaced': {
      const placed = event.data;
      return {
        lines: placed.lines.length,
        total: placed.totalCents / 100,
        paymentMethod: placed.paymentMethod,
        provider: placed.provider,
        ...(placed.coupon ? { coupon: placed.coupon.code } : {}),
      };
    }
    case 'PaymentAttempted':
      return { attemptedAt: event.data.attemptedAt };
    case 'PaymentActionRequired':
      return { providerPaymentId: event.data.providerPaymentId };
    case 'PaymentSucceeded':
      return { providerPaymentId: event.data.providerPaymentId, paidAt: event.data.paidAt };
    case 'OrderDelivered':
      return { files: event.data.files.length };
    case 'PaymentOutcomeUnknown':
    case 'PaymentFailed':
    case 'OrderCancelled':
    case 'OrderRefunded':
      return { reason: event.data.reason };
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

/** The order's events, oldest first, as the order detail shows them. */
export async function orderHistory(deps: AppDeps, orderId: string): Promise<AdminOrderEvent[]> {
  const events = await readDecodedStream(deps.eventStore, orderStreamId(orderId), orderEventCodec);
  return events.map((event) => ({ version: event.version, type: event.type, recordedAt: event.recordedAt, data: shownData(event) }));
}
