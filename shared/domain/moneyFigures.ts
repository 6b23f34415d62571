/**
 * The names of the money figures staff and producers read, one name per quantity wherever it shows
 * (the admin's Dashboard and reports, a producer's report, statements, payouts, their charts and
 * CSV columns), so that two different sums never share a name and one sum never has two.
 *
 * The shop's figures count orders as buyers paid them; a producer's count their own lines:
 * - *gross revenue*: order totals paid (coupons taken off, the service fee included), refunds not
 *   deducted; *refunds*: the totals refunds gave back; *net revenue*: gross revenue less refunds;
 * - *at list price*: the lines' prices (a project file's included), before a coupon's share and
 *   the shop's commission;
 * - *after coupons*: the lines' prices less their coupon share; the shop's *commission* is taken
 *   from that, and what is left is what the producer *earned*.
 */
export const MONEY_FIGURES = {
  grossRevenue: 'Gross revenue',
  refunds: 'Refunds',
  netRevenue: 'Net revenue',
  averageOrder: 'Average order (gross)',
  couponDiscount: 'Taken off by coupons',
  salesAtListPrice: 'Sales at list price',
  refundsAtListPrice: 'Refunds at list price',
  listPrice: 'List price',
  salesAfterCoupons: 'Sales after coupons',
  refundsAfterCoupons: 'Refunds after coupons',
  couponShare: 'Coupon share',
  commission: 'Commission',
  earned: 'Earned',
} as const;

/** How many orders buyers paid, refunded ones included, as gross revenue counts them. */
export const PAID_ORDERS = 'Paid orders';

/** A figure's name as a CSV column (`Average order (gross)` → `average_order_gross`); money columns add `_usd`. */
export const csvColumn = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

export const usdColumn = (name: string) => `${csvColumn(name)}_usd`;
