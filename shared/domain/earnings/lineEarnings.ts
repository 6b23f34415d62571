/**
 * What a producer earns from one line of a paid order, in integer cents.
 *
 * Rounding rule: half up (Math.round on non-negative cents), once per amount, per line:
 * - the line's share of a coupon is round(price × percent / 100), exactly as the cart priced it
 *   (server/commerce/cartPricing.ts), so the lines' shares add up to the order's discount;
 * - the shop's commission is round((price − share) × commission percent / 100);
 * - the producer's net is what is left, so share + commission + net is always the price.
 * The service fee is the shop's and is not part of any line.
 */
export interface LineEarning {
  priceCents: number;
  discountCents: number;
  commissionCents: number;
  netCents: number;
}

export interface LineCoupon {
  percentage: number;
  /** A producer's coupon discounts only that producer's lines; null: every line (sitewide). */
  producerId: number | null;
}

export const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

export function lineEarning(line: { priceCents: number; producerId: number }, coupon: LineCoupon | null, commissionPercent: number): LineEarning {
  const applies = coupon !== null && (coupon.producerId === null || coupon.producerId === line.producerId);
  const discountCents = applies ? percentOf(line.priceCents, coupon.percentage) : 0;
  const commissionCents = percentOf(line.priceCents - discountCents, commissionPercent);
  return { priceCents: line.priceCents, discountCents, commissionCents, netCents: line.priceCents - discountCents - commissionCents };
}
