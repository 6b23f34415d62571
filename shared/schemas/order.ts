import { array, define, enums, type Infer, integer, literal, nullable, number, object, optional, size, string, type } from 'superstruct';
import { CartSchema } from './cart';
import { personal } from './personal';

export const PAYMENT_METHODS = ['card', 'paypal', 'wallet'] as const;
export const WALLET_TYPES = ['apple_pay', 'google_pay', 'link'] as const;

export const ShippingAddressSchema = object({
  fullName: personal(size(string(), 1, 120)),
  line1: personal(size(string(), 1, 200)),
  line2: personal(optional(size(string(), 0, 200))),
  city: personal(size(string(), 1, 100)),
  postalCode: personal(size(string(), 1, 20)),
  /** A name from GET /countries. */
  country: personal(size(string(), 1, 100)),
});
export type ShippingAddress = Infer<typeof ShippingAddressSchema>;

/**
 * The total the buyer was shown, in cents (an extension of SPEC §7's payloads): an order is
 * placed only at that total, so a price or coupon that changed since is never charged unseen.
 */
export const ExpectedTotalSchema = define<number>('total shown', (value) => (Number.isSafeInteger(value) && Number(value) >= 0) || 'Send the total the buyer was shown (expectedTotal, in cents)');

/** POST /ecommerce/orders: PayPal and wallet payments start here. */
export const CreateOrderBodySchema = object({
  paymentMethod: enums(PAYMENT_METHODS),
  paymentMethodWalletType: nullable(enums(WALLET_TYPES)),
  shippingAddress: nullable(ShippingAddressSchema),
  coupon: nullable(string()),
  expectedTotal: ExpectedTotalSchema,
});
export type CreateOrderBody = Infer<typeof CreateOrderBodySchema>;

/** POST /ecommerce/orders/stripe: a card payment with the provider's payment-method id. */
export const StripeOrderBodySchema = object({
  stripePaymentMethodId: size(string(), 1, 255),
  coupon: nullable(string()),
  expectedTotal: ExpectedTotalSchema,
});
export type StripeOrderBody = Infer<typeof StripeOrderBodySchema>;

/**
 * Both order calls' 409 when the cart's total is no longer the `expectedTotal` sent (a producer
 * changed a price, a coupon expired or ran out, a product left the shop): nothing was placed or
 * charged; the answer carries the cart as it is now and the total to show and send next.
 */
export const PriceChangedAnswerSchema = type({
  statusCode: literal(409),
  message: string(),
  /** Cents. */
  expectedTotal: integer(),
  cart: CartSchema,
});
export type PriceChangedAnswer = Infer<typeof PriceChangedAnswerSchema>;

export const ORDER_STATUSES = ['pending', 'requires_action', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * A demo beat's master is rendered by a job after the purchase: until it is stored, its download
 * answers 503 with this (and Retry-After), and the storefront shows it by the link.
 */
export const FILE_BEING_PREPARED = 'Your file is being prepared; try again in a minute';

export const DOWNLOAD_KINDS = ['beat', 'projectFile', 'samplePack', 'contacts'] as const;

/** A purchased file: the link works for 180 days from the purchase (SPEC §4 "Purchased files"). */
export const DownloadSchema = object({
  productId: number(),
  name: string(),
  kind: enums(DOWNLOAD_KINDS),
  url: string(),
  /** ISO date-time. */
  expiresAt: string(),
});
export type Download = Infer<typeof DownloadSchema>;

/** What every order call answers. */
export const OrderSchema = object({
  id: string(),
  status: enums(ORDER_STATUSES),
  paymentMethod: enums(PAYMENT_METHODS),
  /** USD. */
  total: number(),
  /** Where the buyer goes next: the PayPal (or sandbox) approval page, or a 3-D Secure step. */
  nextActionUrl: nullable(string()),
  /** For wallet payments: the provider's client secret for the Express Checkout Element. */
  clientSecret: nullable(string()),
  /** Why a payment failed or was refunded, in words a buyer understands. */
  failureReason: nullable(string()),
  downloads: array(DownloadSchema),
});
export type Order = Infer<typeof OrderSchema>;
