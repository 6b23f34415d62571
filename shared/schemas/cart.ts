import { array, boolean, enums, type Infer, literal, nullable, number, object, string, type } from 'superstruct';
import { ProductTypeSchema } from './track';

/**
 * The product as a cart row shows it (SPEC §2 "Cart dropdown": cover, name, genre, price) and as
 * the player plays it from the row's play/pause control (BPM, key, genres, producer): every field
 * of TrackSchema, so a row's product is a Track.
 */
export const CartProductSchema = type({
  id: number(),
  name: string(),
  productType: ProductTypeSchema,
  /** Genre names joined by ' / '; 'Sample Pack' for a sample pack. */
  genre: string(),
  genres: array(object({ id: number(), name: string(), color: string() })),
  samplePack: boolean(),
  bpm: nullable(number()),
  key: nullable(string()),
  scale: nullable(enums(['minor', 'major'])),
  coverImageSrc: nullable(string()),
  previewTrackSrc: nullable(string()),
  /** Seconds. */
  previewTrackDuration: nullable(number()),
  /** USD; the current list price. */
  finalPrice: number(),
  /** USD on top of the price for the project file; null when none is offered. */
  projectFilePrice: nullable(number()),
  isSold: boolean(),
  producer: type({ id: number(), artistName: string(), producerUrl: string(), avatarSrc: nullable(string()) }),
});
export type CartProduct = Infer<typeof CartProductSchema>;

/**
 * SPEC §3 "Cart item". A cart holds a product at most once, so the item's id is the product's id:
 * `PUT` and `DELETE /ecommerce/cart/{id}` take that id.
 */
export const CartItemSchema = object({
  id: number(),
  product: CartProductSchema,
  includeProjectFile: boolean(),
  /** False once the product is no longer for sale (a beat sold to someone else, a delisted product). */
  active: boolean(),
  /** USD including the project file when chosen; null for an inactive item. */
  price: nullable(number()),
  isProMembership: boolean(),
  /** Always false from the server; the storefront sets it while a removal is animating. */
  isRemovedFromCart: boolean(),
});
export type CartItem = Infer<typeof CartItemSchema>;

export const CouponSchema = object({
  code: string(),
  /** Percent off, 1–100. */
  percentage: number(),
  /** Set for a producer's coupon: it discounts only that producer's products. */
  producerId: nullable(number()),
});
export type Coupon = Infer<typeof CouponSchema>;

/** SPEC §3 "Cart", the answer of GET /ecommerce/cart. Money is USD with cents (two decimals). */
export const CartSchema = object({
  items: array(CartItemSchema),
  serviceFeeFixed: number(),
  serviceFeePercentage: number(),
  /** Active items after the coupon's discount. */
  subTotal: number(),
  subTotalWithoutCoupon: number(),
  discount: number(),
  /** subTotal plus the service fee (fixed + percentage of subTotal); 0 for an empty cart. */
  total: number(),
  coupon: nullable(CouponSchema),
  /** Why the requested coupon does not apply, e.g. an unknown or expired code; null otherwise. */
  couponError: nullable(string()),
});
export type Cart = Infer<typeof CartSchema>;

export const AddToCartBodySchema = object({ product: number(), includeProjectFile: boolean() });
export type AddToCartBody = Infer<typeof AddToCartBodySchema>;

export const UpdateCartItemBodySchema = object({ includeProjectFile: boolean() });

export const CartStatusAnswerSchema = object({ status: literal('ok') });
