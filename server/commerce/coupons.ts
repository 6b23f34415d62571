import { MAX_SELLER_DISCOUNT_PERCENT, SITEWIDE_COUPON_CODE, SITEWIDE_SALE } from '../../shared/domain/constants';
import type { Coupon } from '../../shared/schemas/cart';
import type { Database } from '../db/database';

export type CouponLookup = { coupon: Coupon; error: null } | { coupon: null; error: string | null };

/** SPEC §5: the coupon input is lowercased before use. */
export const normalizeCouponCode = (code: string | null | undefined) => (code ?? '').trim().toLowerCase();

/** The sitewide sale runs 1–31 December, by the calendar in UTC. */
export function sitewideSaleOpen(now: Date): boolean {
  const day = now.getUTCDate();
  return now.getUTCMonth() + 1 === SITEWIDE_SALE.month && day >= SITEWIDE_SALE.firstDay && day <= SITEWIDE_SALE.lastDay;
}

/** Finds the coupon a buyer typed; an empty code is no coupon and no error. */
export async function lookUpCoupon(database: Database, rawCode: string | null | undefined, now: Date): Promise<CouponLookup> {
  const code = normalizeCouponCode(rawCode);
  if (!code) return { coupon: null, error: null };
  if (code.length > 64) return { coupon: null, error: 'This coupon code does not exist' };
  if (code === SITEWIDE_COUPON_CODE) {
    if (!sitewideSaleOpen(now)) return { coupon: null, error: `Coupon ${code} is valid only from December 1 to December 31` };
    return { coupon: { code, percentage: SITEWIDE_SALE.percent, producerId: null }, error: null };
  }
  const row = await database.query.selectFrom('commerce_coupons').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) return { coupon: null, error: `Coupon ${code} does not exist` };
  const at = now.getTime();
  if (at < Number(row.valid_from)) return { coupon: null, error: `Coupon ${code} is not valid yet` };
  if (at >= Number(row.valid_until)) return { coupon: null, error: `Coupon ${code} has expired` };
  // SPEC §9: a seller's coupon takes at most 30% off; a row above that is capped, not trusted.
  const percentage = Math.min(Number(row.percentage), MAX_SELLER_DISCOUNT_PERCENT);
  return { coupon: { code, percentage, producerId: Number(row.producer_id) }, error: null };
}

/** Stores a producer's coupon (seed and tests; a dashboard would call it too). */
export async function saveProducerCoupon(
  database: Database,
  coupon: { code: string; producerId: number; percentage: number; validFrom: Date; validUntil: Date },
): Promise<void> {
  const code = normalizeCouponCode(coupon.code);
  if (!/^[a-z0-9_-]{3,64}$/.test(code)) throw new Error(`A coupon code needs 3 to 64 letters, digits, - or _, got "${coupon.code}"`);
  if (code === SITEWIDE_COUPON_CODE) throw new Error(`${code} is the sitewide code`);
  if (!Number.isInteger(coupon.percentage) || coupon.percentage < 1 || coupon.percentage > MAX_SELLER_DISCOUNT_PERCENT) {
    throw new Error(`A producer's coupon takes 1 to ${MAX_SELLER_DISCOUNT_PERCENT}% off`);
  }
  const values = {
    code,
    producer_id: coupon.producerId,
    percentage: coupon.percentage,
    valid_from: coupon.validFrom.getTime(),
    valid_until: coupon.validUntil.getTime(),
  };
  await database.transaction((tx) =>
    tx
      .insertInto('commerce_coupons')
      .values(values)
      .onConflict((conflict) => conflict.column('code').doUpdateSet(values))
      .execute(),
  );
}
