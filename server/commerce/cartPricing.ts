import type { Coupon } from '../../shared/schemas/cart';

/** A cart line as the totals see it: cents, or null when the product is no longer for sale. */
export interface PricedLine {
  producerId: number;
  priceCents: number | null;
}

export interface CartTotals {
  subTotalWithoutCouponCents: number;
  discountCents: number;
  subTotalCents: number;
  serviceFeeCents: number;
  totalCents: number;
  /** Set when the coupon is valid but finds nothing in this cart to discount. */
  couponMisses: boolean;
}

export interface Fees {
  serviceFeeFixed: number;
  serviceFeePercentage: number;
}

/**
 * Money in whole cents throughout, rounded half up once per line and once for the fee, so the
 * answer's dollars always have two decimals and add up.
 */
export function priceCart(lines: readonly PricedLine[], coupon: Coupon | null, fees: Fees): CartTotals {
  let subTotalWithoutCouponCents = 0;
  let discountCents = 0;
  let discountable = 0;
  for (const line of lines) {
    if (line.priceCents === null) continue;
    subTotalWithoutCouponCents += line.priceCents;
    if (coupon && (coupon.producerId === null || coupon.producerId === line.producerId)) {
      discountable++;
      discountCents += Math.round((line.priceCents * coupon.percentage) / 100);
    }
  }
  const subTotalCents = subTotalWithoutCouponCents - discountCents;
  const serviceFeeCents =
    subTotalCents > 0 ? Math.round(fees.serviceFeeFixed * 100) + Math.round((subTotalCents * fees.serviceFeePercentage) / 100) : 0;
  return {
    subTotalWithoutCouponCents,
    discountCents,
    subTotalCents,
    serviceFeeCents,
    totalCents: subTotalCents + serviceFeeCents,
    couponMisses: coupon !== null && discountable === 0,
  };
}

export const toDollars = (cents: number) => Math.round(cents) / 100;
