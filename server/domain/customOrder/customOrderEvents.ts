import type { NewEvent } from '../../eventStore/eventStore';

/** The service as it was priced when ordered; later price changes do not touch the order. */
export interface OrderedService {
  /** One of the shop's sound services (server/db/soundServicesSeed.ts), or a producer's offer when `producerId` is set. */
  serviceId: number;
  /** The producer whose own offer it is, who does the work; null for a shop service (the shop's admins act on it). */
  producerId: number | null;
  name: string;
  priceCents: number;
  deliveryDays: number;
}

/** A delivered file, kept private in media storage under `key`. */
export interface CustomOrderFileRef {
  fileId: string;
  name: string;
  bytes: number;
  contentType: string;
  key: string;
}

/** Who wrote: the buyer, or the side doing the work (`shop`): the shop's admins for a shop service, the producer for their offer. */
export type Side = 'buyer' | 'shop';

export type CustomOrderRequested = NewEvent<
  'CustomOrderRequested',
  { customOrderId: string; buyerId: number; service: OrderedService; brief: string; requestedAt: string }
>;
/** The order that carries its payment was paid: the producer (the shop) has until `dueAt`. */
export type CustomOrderPaid = NewEvent<'CustomOrderPaid', { paidAt: string; dueAt: string }>;
export type CustomOrderPaymentFailed = NewEvent<'CustomOrderPaymentFailed', { reason: string }>;
export type CustomOrderAccepted = NewEvent<'CustomOrderAccepted', { by: number; at: string }>;
export type CustomOrderDeclined = NewEvent<'CustomOrderDeclined', { by: number; reason: string; at: string }>;
/** The money of a declined order went back (its order's OrderRefunded). */
export type CustomOrderRefunded = NewEvent<'CustomOrderRefunded', { at: string }>;
/**
 * Its money went back before its seller declined it (an admin's refund of its order, or any other
 * refund of the order): the order ends where it stood, declined and refunded, and nobody works on
 * it any more. `reason` is the refund's.
 */
export type CustomOrderCancelled = NewEvent<'CustomOrderCancelled', { reason: string; at: string }>;
export type CustomOrderDelivered = NewEvent<'CustomOrderDelivered', { by: number; message: string; files: CustomOrderFileRef[]; at: string }>;
export type CustomOrderRevisionRequested = NewEvent<'CustomOrderRevisionRequested', { text: string; at: string }>;
/** The buyer took the delivery: downloads run for 180 days from here. */
export type CustomOrderCompleted = NewEvent<'CustomOrderCompleted', { at: string; downloadsUntil: string }>;
export type CustomOrderMessagePosted = NewEvent<'CustomOrderMessagePosted', { from: Side; authorId: number; text: string; at: string }>;

export type CustomOrderEvent =
  | CustomOrderRequested
  | CustomOrderPaid
  | CustomOrderPaymentFailed
  | CustomOrderAccepted
  | CustomOrderDeclined
  | CustomOrderRefunded
  | CustomOrderCancelled
  | CustomOrderDelivered
  | CustomOrderRevisionRequested
  | CustomOrderCompleted
  | CustomOrderMessagePosted;

/** A custom order and the ordinary order that carries its payment share one id. */
export const customOrderStreamId = (id: string) => `customOrder-${id}`;
export const customOrderIdOfStream = (streamId: string) => streamId.replace(/^customOrder-/, '');

/** SPEC-free rule of the brief: one revision per order. */
export const REVISIONS_PER_ORDER = 1;
