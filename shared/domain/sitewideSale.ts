import { SITEWIDE_COUPON_CODE, SITEWIDE_SALE } from './constants';

export interface SitewideSale {
  percent: number;
  couponCode: string;
}

/**
 * SPEC §1, §9: the 30% sale runs from 1 to 31 December. Decided on the server's clock (UTC), so
 * every visitor sees the same bar and the server render and the browser agree.
 */
export function sitewideSaleOn(now: Date): SitewideSale | null {
  const month = now.getUTCMonth() + 1;
  const day = now.getUTCDate();
  if (month !== SITEWIDE_SALE.month || day < SITEWIDE_SALE.firstDay || day > SITEWIDE_SALE.lastDay) return null;
  return { percent: SITEWIDE_SALE.percent, couponCode: SITEWIDE_COUPON_CODE };
}
