import { array, boolean, enums, integer, nullable, object, string } from 'superstruct';
import { CouponSchema } from '../../../shared/schemas/cart';
import { DOWNLOAD_KINDS, PAYMENT_METHODS, ShippingAddressSchema } from '../../../shared/schemas/order';
import { eventCodec } from '../../eventStore/eventCodec';
import { ORDER_LINE_TYPES, type OrderEvent, PROVIDER_NAMES } from './orderEvents';
import { upcastPlacement } from './upcastPlacement';

const OrderLineSchema = object({
  productId: integer(),
  producerId: integer(),
  name: string(),
  productType: enums(ORDER_LINE_TYPES),
  includeProjectFile: boolean(),
  priceCents: integer(),
});

const reason = object({ reason: string() });

export const orderEventCodec = eventCodec<OrderEvent>(
  {
    OrderPlaced: object({
      orderId: string(),
      userId: integer(),
      lines: array(OrderLineSchema),
      coupon: nullable(CouponSchema),
      subTotalCents: integer(),
      discountCents: integer(),
      serviceFeeCents: integer(),
      totalCents: integer(),
      paymentMethod: enums(PAYMENT_METHODS),
      walletType: nullable(string()),
      provider: enums(PROVIDER_NAMES),
      shippingAddress: nullable(ShippingAddressSchema),
      placedAt: string(),
    }),
    PaymentAttempted: object({ attemptedAt: string() }),
    PaymentOutcomeUnknown: reason,
    PaymentActionRequired: object({ providerPaymentId: string(), nextActionUrl: nullable(string()), clientSecret: nullable(string()) }),
    PaymentSucceeded: object({ providerPaymentId: string(), paidAt: string() }),
    PaymentFailed: reason,
    OrderCancelled: reason,
    OrderDelivered: object({
      files: array(object({ productId: integer(), name: string(), kind: enums(DOWNLOAD_KINDS), expiresAt: string(), token: string() })),
    }),
    OrderRefunded: reason,
  },
  { OrderPlaced: upcastPlacement },
);
