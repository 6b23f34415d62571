import type { NewEvent } from '../../eventStore/eventStore';

/** A coupon's terms as the shop keeps them. Times are ISO strings; `validUntil` is the first moment it no longer works. */
export interface CouponTerms {
  /** Null: sitewide; else the producer whose lines it discounts. */
  producerId: number | null;
  percentage: number;
  validFrom: string;
  validUntil: string;
  /** Paid orders that may use it; null: no limit. */
  usageLimit: number | null;
}

export interface CouponDefinition extends CouponTerms {
  code: string;
}

/** Who did it: the admin's user id, or null for the seed and other tools. */
type By = { by: number | null };

export type CouponCreated = NewEvent<'CouponCreated', CouponDefinition & By>;
export type CouponChanged = NewEvent<'CouponChanged', CouponTerms & By>;
/** "Expire now": the window ends at `at`. */
export type CouponExpired = NewEvent<'CouponExpired', { at: string } & By>;
/**
 * An order placed with the coupon holds one use until `until` (the order's payment window), so
 * two buyers racing for the last use cannot both get it.
 */
export type CouponUseHeld = NewEvent<'CouponUseHeld', { orderId: string; until: string }>;
/** The order failed or was cancelled: its use is free again. */
export type CouponUseReleased = NewEvent<'CouponUseReleased', { orderId: string }>;
/** The order was paid: the use counts. */
export type CouponUseConfirmed = NewEvent<'CouponUseConfirmed', { orderId: string }>;

export type CouponEvent = CouponCreated | CouponChanged | CouponExpired | CouponUseHeld | CouponUseReleased | CouponUseConfirmed;

export const couponStreamId = (code: string) => `coupon-${code}`;
export const couponCodeOfStream = (streamId: string) => streamId.replace(/^coupon-/, '');
