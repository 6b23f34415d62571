import { array, enums, integer, nullable, object, string } from 'superstruct';
import { eventCodec, isJsonObject } from '../../eventStore/eventCodec';
import type { CustomOrderEvent } from './customOrderEvents';

const at = string();

export const customOrderEventCodec = eventCodec<CustomOrderEvent>(
  {
    CustomOrderRequested: object({
      customOrderId: string(),
      buyerId: integer(),
      service: object({ serviceId: integer(), producerId: nullable(integer()), name: string(), priceCents: integer(), deliveryDays: integer() }),
      brief: string(),
      requestedAt: at,
    }),
    CustomOrderPaid: object({ paidAt: at, dueAt: at }),
    CustomOrderPaymentFailed: object({ reason: string() }),
    CustomOrderAccepted: object({ by: integer(), at }),
    CustomOrderDeclined: object({ by: integer(), reason: string(), at }),
    CustomOrderRefunded: object({ at }),
    CustomOrderCancelled: object({ reason: string(), at }),
    CustomOrderDelivered: object({
      by: integer(),
      message: string(),
      files: array(object({ fileId: string(), name: string(), bytes: integer(), contentType: string(), key: string() })),
      at,
    }),
    CustomOrderRevisionRequested: object({ text: string(), at }),
    CustomOrderCompleted: object({ at, downloadsUntil: at }),
    CustomOrderMessagePosted: object({ from: enums(['buyer', 'shop'] as const), authorId: integer(), text: string(), at }),
  },
  {
    // Orders from before producers' own offers were all of shop services.
    CustomOrderRequested: (data) =>
      isJsonObject(data) && isJsonObject(data.service) && !('producerId' in data.service) ? { ...data, service: { ...data.service, producerId: null } } : data,
  },
);
