import type { Coupon } from '../../../shared/schemas/cart';
import type { Download, OrderStatus, ShippingAddress } from '../../../shared/schemas/order';
import type { NewEvent } from '../../eventStore/eventStore';
import { PRODUCT_TYPES } from '../product/productEvents';

export type PaymentMethod = 'card' | 'paypal' | 'wallet';
export const PROVIDER_NAMES = ['sandbox', 'stripe', 'paypal'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/**
 * What an order line sells: a product of the shop, or a custom service (a custom order's payment:
 * `productId` is the shop's sound service, server/customOrders/).
 */
export const ORDER_LINE_TYPES = [...PRODUCT_TYPES, 'customservice'] as const;
export type OrderLineType = (typeof ORDER_LINE_TYPES)[number];

/** What the buyer pays for, priced when the order was placed. */
export interface OrderLine {
  productId: number;
  producerId: number;
  name: string;
  productType: OrderLineType;
  includeProjectFile: boolean;
  priceCents: number;
}

export interface OrderPlacement {
  orderId: string;
  userId: number;
  lines: OrderLine[];
  coupon: Coupon | null;
  subTotalCents: number;
  discountCents: number;
  serviceFeeCents: number;
  totalCents: number;
  paymentMethod: PaymentMethod;
  walletType: string | null;
  provider: ProviderName;
  shippingAddress: ShippingAddress | null;
  placedAt: string;
}

/** A download link as the order keeps it; the token is the unguessable part of the URL. */
export interface DeliveredFile extends Omit<Download, 'url'> {
  token: string;
}

export type OrderPlaced = NewEvent<'OrderPlaced', OrderPlacement>;
/**
 * Recorded before the provider is asked to move money (DESIGN: a charge is recorded as attempted
 * first), so an order the process dies on is known to be worth asking the provider about.
 */
export type PaymentAttempted = NewEvent<'PaymentAttempted', { attemptedAt: string }>;
/** The provider did not answer the attempt, and nobody can tell yet whether money moved; reconciliation will. */
export type PaymentOutcomeUnknown = NewEvent<'PaymentOutcomeUnknown', { reason: string }>;
/** The provider wants the buyer somewhere first: 3-D Secure, the PayPal approval page, the wallet sheet. */
export type PaymentActionRequired = NewEvent<'PaymentActionRequired', { providerPaymentId: string; nextActionUrl: string | null; clientSecret: string | null }>;
export type PaymentSucceeded = NewEvent<'PaymentSucceeded', { providerPaymentId: string; paidAt: string }>;
export type PaymentFailed = NewEvent<'PaymentFailed', { reason: string }>;
export type OrderCancelled = NewEvent<'OrderCancelled', { reason: string }>;
export type OrderDelivered = NewEvent<'OrderDelivered', { files: DeliveredFile[] }>;
export type OrderRefunded = NewEvent<'OrderRefunded', { reason: string }>;
export type OrderEvent =
  | OrderPlaced
  | PaymentAttempted
  | PaymentOutcomeUnknown
  | PaymentActionRequired
  | PaymentSucceeded
  | PaymentFailed
  | OrderCancelled
  | OrderDelivered
  | OrderRefunded;

/** Events that end an order's wait for its money: paid, failed or cancelled. */
export const ORDER_SETTLED_TYPES = ['PaymentSucceeded', 'PaymentFailed', 'OrderCancelled'] as const satisfies readonly OrderEvent['type'][];

export const orderStreamId = (orderId: string) => `order-${orderId}`;
export const orderIdOfStream = (streamId: string) => streamId.replace(/^order-/, '');

export type { OrderStatus };
