import { MAX_SELLER_DISCOUNT_PERCENT, SITEWIDE_COUPON_CODE, SITEWIDE_SALE } from '../../shared/domain/constants';
import { COUPON_CODE_PATTERN, normalizeCouponCode } from '../../shared/schemas/coupons';
import type { Coupon } from '../../shared/schemas/cart';
import type { AppDeps } from '../appDeps';
import type { Database } from '../db/database';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { couponDecider, usageLimitReached } from '../domain/coupon/couponDecider';
import { couponStreamId } from '../domain/coupon/couponEvents';

export { normalizeCouponCode };

export type CouponLookup = { coupon: Coupon; error: null } | { coupon: null; error: string | null };

/** The sitewide sale runs 1–31 December, by the calendar in UTC. */
export function sitewideSaleOpen(now: Date): boolean {
  const day = now.getUTCDate();
  return now.getUTCMonth() + 1 === SITEWIDE_SALE.month && day >= SITEWIDE_SALE.firstDay && day <= SITEWIDE_SALE.lastDay;
}

/**
 * Finds the coupon a buyer typed; an empty code is no coupon and no error. A coupon whose paid
 * uses reached its limit is refused here; the last free use is held at checkout
 * (`holdCouponUse`), where two buyers racing for it are told apart.
 */
export async function lookUpCoupon(database: Database, rawCode: string | null | undefined, now: Date): Promise<CouponLookup> {
  const code = normalizeCouponCode(rawCode);
  if (!code) return { coupon: null, error: null };
  if (code.length > 64) return { coupon: null, error: 'This coupon does not exist' };
  if (code === SITEWIDE_COUPON_CODE) {
    if (!sitewideSaleOpen(now)) return { coupon: null, error: `Coupon ${code} is valid only from December 1 to December 31` };
    return { coupon: { code, percentage: SITEWIDE_SALE.percent, producerId: null }, error: null };
  }
  const row = await database.query.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) return { coupon: null, error: `Coupon ${code} does not exist` };
  const at = now.getTime();
  if (at < Number(row.valid_from)) return { coupon: null, error: `Coupon ${code} is not valid yet` };
  if (at >= Number(row.valid_until)) return { coupon: null, error: `Coupon ${code} has expired` };
  if (row.usage_limit !== null && Number(row.usage_count) >= Number(row.usage_limit)) return { coupon: null, error: usageLimitReached(code) };
  const producerId = row.producer_id === null ? null : Number(row.producer_id);
  // SPEC §9: a seller's coupon takes at most 30% off; a row above that is capped, not trusted.
  const percentage = producerId === null ? Number(row.percentage) : Math.min(Number(row.percentage), MAX_SELLER_DISCOUNT_PERCENT);
  return { coupon: { code, percentage, producerId }, error: null };
}

/** The built-in December code is no aggregate: it has no limit to hold. */
const isShopCoupon = (coupon: Coupon | null): coupon is Coupon => coupon !== null && coupon.code !== SITEWIDE_COUPON_CODE;

/**
 * Holds one use of the order's coupon while it is paid (refused with the coupon error when the
 * limit is reached). The hold lapses with the order's payment window, so an abandoned order frees it too.
 */
export async function holdCouponUse(deps: AppDeps, coupon: Coupon | null, orderId: string, until: Date): Promise<void> {
  if (!isShopCoupon(coupon)) return;
  await handleCommand(deps.eventStore, couponStreamId(coupon.code), couponDecider, { type: 'HoldUse', orderId, at: deps.clock.now().toISOString(), until: until.toISOString() });
}

/** The order failed or was cancelled: its use is free for another buyer. */
export async function releaseCouponUse(deps: AppDeps, coupon: Coupon | null, orderId: string): Promise<void> {
  if (!isShopCoupon(coupon)) return;
  await handleCommand(deps.eventStore, couponStreamId(coupon.code), couponDecider, { type: 'ReleaseUse', orderId });
}

/** The order was paid: the use counts. Answers the position to wait for, so the count shows at once. */
export async function confirmCouponUse(deps: AppDeps, coupon: Coupon | null, orderId: string): Promise<number> {
  if (!isShopCoupon(coupon)) return 0;
  const { position } = await handleCommand(deps.eventStore, couponStreamId(coupon.code), couponDecider, { type: 'ConfirmUse', orderId });
  return position;
}

/** Stores a producer's coupon, created or changed (the seed and tests; admins use server/commerce/adminCoupons.ts). */
export async function saveProducerCoupon(
  deps: AppDeps,
  coupon: { code: string; producerId: number; percentage: number; validFrom: Date; validUntil: Date },
): Promise<void> {
  const code = normalizeCouponCode(coupon.code);
  if (!COUPON_CODE_PATTERN.test(code)) throw new Error(`A coupon code needs 3 to 64 letters, digits, - or _, got "${coupon.code}"`);
  if (code === SITEWIDE_COUPON_CODE) throw new Error(`${code} is the sitewide code`);
  if (!Number.isInteger(coupon.percentage) || coupon.percentage < 1 || coupon.percentage > MAX_SELLER_DISCOUNT_PERCENT) {
    throw new Error(`A producer's coupon takes 1 to ${MAX_SELLER_DISCOUNT_PERCENT}% off`);
  }
  const terms = { producerId: coupon.producerId, percentage: coupon.percentage, validFrom: coupon.validFrom.toISOString(), validUntil: coupon.validUntil.toISOString(), usageLimit: null };
  const streamId = couponStreamId(code);
  const { state } = await aggregateStream(deps.eventStore, streamId, couponDecider);
  const command = state.status === 'none' ? ({ type: 'CreateCoupon', coupon: { code, ...terms }, by: null } as const) : ({ type: 'ChangeCoupon', terms, by: null } as const);
  const { position } = await handleCommand(deps.eventStore, streamId, couponDecider, command);
  await deps.projector.waitFor(position);
}
