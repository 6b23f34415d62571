import type { AdminCoupon, CouponTerms as CouponForm, NewCoupon } from '../../shared/schemas/coupons';
import { normalizeCouponCode } from '../../shared/schemas/coupons';
import type { AppDeps } from '../appDeps';
import { handleCommand } from '../domain/commandHandler';
import { type CouponCommand, couponDecider } from '../domain/coupon/couponDecider';
import type { CouponTerms } from '../domain/coupon/couponEvents';
import { couponStreamId } from '../domain/coupon/couponEvents';
import { HttpError } from '../http/endpoint';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The form's days (UTC) as the coupon's window: from the start of the first day to the end of the last. */
function termsOf(form: CouponForm): CouponTerms {
  const from = Date.parse(`${form.validFrom}T00:00:00.000Z`);
  const until = Date.parse(`${form.validUntil}T00:00:00.000Z`) + DAY_MS;
  return { producerId: form.producerId, percentage: form.percentage, validFrom: new Date(from).toISOString(), validUntil: new Date(until).toISOString(), usageLimit: form.usageLimit };
}

async function refuseUnknownProducer(deps: AppDeps, producerId: number | null): Promise<void> {
  if (producerId === null) return;
  const row = await deps.database.query.selectFrom('catalogue_producers').select('id').where('id', '=', producerId).executeTakeFirst();
  if (!row) throw new HttpError(400, `There is no producer ${producerId}`, { errors: { producerId: `There is no producer ${producerId}` } });
}

async function couponAnswer(deps: AppDeps, code: string): Promise<AdminCoupon> {
  const coupons = await listCoupons(deps, code);
  const coupon = coupons[0];
  if (!coupon) throw new HttpError(404, `Coupon ${code} not found`);
  return coupon;
}

async function run(deps: AppDeps, code: string, command: CouponCommand): Promise<AdminCoupon> {
  const { position } = await handleCommand(deps.eventStore, couponStreamId(code), couponDecider, command);
  await deps.projector.waitFor(position);
  return couponAnswer(deps, code);
}

/** The admin's `Coupons` list, newest first, or the one coupon `code`; with paid uses and the producer's name. */
export async function listCoupons(deps: AppDeps, code?: string): Promise<AdminCoupon[]> {
  let query = deps.database.query
    .selectFrom('coupons')
    .leftJoin('catalogue_producers', 'catalogue_producers.id', 'coupons.producer_id')
    .select(['coupons.code', 'coupons.producer_id', 'coupons.percentage', 'coupons.valid_from', 'coupons.valid_until', 'coupons.usage_limit', 'coupons.usage_count', 'catalogue_producers.artist_name'])
    .orderBy('coupons.created_at', 'desc')
    .orderBy('coupons.code');
  if (code !== undefined) query = query.where('coupons.code', '=', code);
  const now = deps.clock.now().getTime();
  return (await query.execute()).map((row) => {
    const usageLimit = row.usage_limit === null ? null : Number(row.usage_limit);
    const usageCount = Number(row.usage_count);
    return {
      code: row.code,
      producerId: row.producer_id === null ? null : Number(row.producer_id),
      producerName: row.artist_name ?? null,
      percentage: Number(row.percentage),
      validFrom: new Date(Number(row.valid_from)).toISOString(),
      validUntil: new Date(Number(row.valid_until)).toISOString(),
      usageLimit,
      usageCount,
      active: Number(row.valid_from) <= now && now < Number(row.valid_until) && (usageLimit === null || usageCount < usageLimit),
    };
  });
}

export async function createCoupon(deps: AppDeps, form: NewCoupon, by: number): Promise<AdminCoupon> {
  await refuseUnknownProducer(deps, form.producerId);
  const code = normalizeCouponCode(form.code);
  return run(deps, code, { type: 'CreateCoupon', coupon: { code, ...termsOf(form) }, by });
}

export async function changeCoupon(deps: AppDeps, code: string, form: CouponForm, by: number): Promise<AdminCoupon> {
  await refuseUnknownProducer(deps, form.producerId);
  return run(deps, normalizeCouponCode(code), { type: 'ChangeCoupon', terms: termsOf(form), by });
}

/** "Expire now": the coupon stops working at once; its uses stay counted. */
export async function expireCoupon(deps: AppDeps, code: string, by: number): Promise<AdminCoupon> {
  return run(deps, normalizeCouponCode(code), { type: 'ExpireCoupon', at: deps.clock.now().toISOString(), by });
}
