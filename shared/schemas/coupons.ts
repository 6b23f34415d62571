import { array, boolean, define, type Struct, type Infer, integer, nullable, object, string } from 'superstruct';
import { MAX_SELLER_DISCOUNT_PERCENT, SITEWIDE_COUPON_CODE } from '../domain/constants';
import { formErrors } from './pages';

/** SPEC §5: a coupon is lowercased before use, so the shop stores it lowercased too. */
export const normalizeCouponCode = (code: string | null | undefined) => (code ?? '').trim().toLowerCase();
export const COUPON_CODE_PATTERN = /^[a-z0-9_-]{3,64}$/;
export const COUPON_USAGE_LIMIT_MAX = 1_000_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const couponCode = define<string>('couponCode', (value) => {
  if (typeof value !== 'string' || value.trim() === '') return 'Code is required';
  const code = normalizeCouponCode(value);
  if (!COUPON_CODE_PATTERN.test(code)) return 'Code needs 3 to 64 letters, digits, - or _';
  if (code === SITEWIDE_COUPON_CODE) return `${SITEWIDE_COUPON_CODE} is the built-in December code`;
  return true;
});

const percentage = define<number>('percentage', (value) =>
  Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 100 ? true : 'Percentage must be a whole number from 1 to 100',
);

/** A calendar day (UTC) as `YYYY-MM-DD`: the window runs from the start of the first day to the end of the last. */
const day = (label: string) =>
  define<string>('day', (value) => (typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? true : `${label} must be a date (YYYY-MM-DD)`));

const producerId = define<number | null>('producerId', (value) => value === null || (Number.isInteger(value) && Number(value) > 0) || 'Producer must be a producer id, or empty for a sitewide coupon');

const usageLimit = define<number | null>(
  'usageLimit',
  (value) => value === null || (Number.isInteger(value) && Number(value) >= 1 && Number(value) <= COUPON_USAGE_LIMIT_MAX) || `Usage limit must be a whole number from 1 to ${COUPON_USAGE_LIMIT_MAX}, or empty for none`,
);

const terms = {
  producerId,
  percentage,
  validFrom: day('Valid from'),
  validUntil: day('Valid until'),
  usageLimit,
};

/** What the admin's form sends to create a coupon (POST /admin/coupons). */
export const NewCouponSchema = object({ code: couponCode, ...terms });
export type NewCoupon = Infer<typeof NewCouponSchema>;
/** An edit keeps the code, which names the coupon (PUT /admin/coupons/:code). */
export const CouponTermsSchema = object(terms);
export type CouponTerms = Infer<typeof CouponTermsSchema>;

/** SPEC §9's cap and the window's order: rules across fields, with the field each message belongs to. */
function crossFieldErrors(values: unknown): Partial<Record<string, string>> {
  if (typeof values !== 'object' || values === null) return {};
  const { producerId: producer, percentage: percent, validFrom, validUntil } = values as Record<string, unknown>;
  const errors: Partial<Record<string, string>> = {};
  if (typeof producer === 'number' && typeof percent === 'number' && percent > MAX_SELLER_DISCOUNT_PERCENT) {
    errors.percentage = `A producer's coupon takes at most ${MAX_SELLER_DISCOUNT_PERCENT}% off (the seller's cap)`;
  }
  if (typeof validFrom === 'string' && typeof validUntil === 'string' && DAY.test(validFrom) && DAY.test(validUntil) && validUntil < validFrom) {
    errors.validUntil = 'Valid until must not be before Valid from';
  }
  return errors;
}

/** Every field's first error, by the same rules on the server and in the admin's form. */
export const couponFormErrors = <T>(values: unknown, schema: Struct<T, unknown>) => ({ ...crossFieldErrors(values), ...formErrors(values, schema) });

/** One coupon in the admin's `Coupons` list. Times are ISO strings; `validUntil` is the first moment it no longer works. */
export const AdminCouponSchema = object({
  code: string(),
  producerId: nullable(integer()),
  producerName: nullable(string()),
  percentage: integer(),
  validFrom: string(),
  validUntil: string(),
  usageLimit: nullable(integer()),
  /** Paid orders that used the code. */
  usageCount: integer(),
  active: boolean(),
});
export type AdminCoupon = Infer<typeof AdminCouponSchema>;
export const AdminCouponListSchema = object({ coupons: array(AdminCouponSchema) });
export const AdminCouponAnswerSchema = object({ coupon: AdminCouponSchema });
