import { array, enums, type Infer, integer, min, nullable, number, object, optional, refine, string } from 'superstruct';

/** Days a report spans when the address names none: the last 30, today included. */
export const DEFAULT_REPORT_DAYS = 30;
/** A year, leap day included: longer ranges are a typo, and a chart of them unreadable. */
export const MAX_REPORT_DAYS = 366;
/** Rows of each top list. */
export const TOP_PRODUCTS = 10;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (text: string) => {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
};
/** A calendar day `YYYY-MM-DD` (UTC) that exists: not 2026-02-30, nor month 13. */
const Day = (field: string) =>
  refine(string(), 'day', (text) => {
    if (!DAY.test(text)) return `The "${field}" date must be written YYYY-MM-DD`;
    return isCalendarDay(text) || `The "${field}" date ${text} does not exist`;
  });

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * `?from=&to=` of a report (UTC days, both included). Either may be left out: `to` is then today
 * and `from` the 30th day before it (server/analytics/reports/reportRange.ts), so a bookmark of
 * the page always shows the last month.
 */
export const AnalyticsReportQuerySchema = refine(
  object({ from: optional(Day('from')), to: optional(Day('to')) }),
  'range',
  ({ from, to }) => {
    if (!from || !to) return true;
    if (from > to) return 'The "from" date must not be after the "to" date';
    return daysBetween(from, to) <= MAX_REPORT_DAYS || `A report covers at most ${MAX_REPORT_DAYS} days; this range has ${daysBetween(from, to)}`;
  },
);
export type AnalyticsReportQuery = Infer<typeof AnalyticsReportQuerySchema>;

const count = () => min(integer(), 0);
/** Money in whole cents, as the server keeps it. */
const cents = () => min(integer(), 0);
const RangeSchema = object({ from: string(), to: string() });

/** The steps of the shop's funnel, in order (Segment's event names). */
export const FUNNEL_STEPS = ['Product Viewed', 'Product Added', 'Checkout Started', 'Order Completed'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/**
 * One step: the distinct people (an account, or a guest's browser tab) who did it in the range,
 * and their share of the step before and of the first step (null when that step had nobody).
 */
export const FunnelRowSchema = object({
  step: enums(FUNNEL_STEPS),
  people: count(),
  fromPrevious: nullable(number()),
  overall: nullable(number()),
});
export type FunnelRow = Infer<typeof FunnelRowSchema>;

/**
 * One UTC day of the shop: its paid orders and their gross revenue (totals paid: coupons taken
 * off, the service fee in, refunds not deducted), and what refunds gave back (the day each happened).
 * The names each figure shows under are in `shared/domain/moneyFigures.ts`.
 */
export const ShopDaySchema = object({
  day: string(),
  orders: count(),
  /** Gross revenue. */
  revenueCents: cents(),
  refunds: count(),
  refundedCents: cents(),
});
export type ShopDay = Infer<typeof ShopDaySchema>;

const TopBeatFields = { productId: integer(), name: string(), producer: string() };
export const BeatPlaysSchema = object({ ...TopBeatFields, plays: count() });
export type BeatPlays = Infer<typeof BeatPlaysSchema>;
/** A beat's sales at list price: its lines' prices, before coupons. */
export const BeatSalesSchema = object({ ...TopBeatFields, sales: count(), revenueCents: cents() });
export type BeatSales = Infer<typeof BeatSalesSchema>;

/**
 * GET /admin/analytics/report: the shop's own reports (issue 13), read from the analytics stream.
 * Every day of the range is listed, a quiet one with zeros. No person is named anywhere in it.
 */
export const ShopReportSchema = object({
  range: RangeSchema,
  days: array(ShopDaySchema),
  totals: object({
    orders: count(),
    /** Gross revenue; net revenue is this less `refundedCents`. */
    revenueCents: cents(),
    /** Gross revenue over paid orders, rounded to the cent; null without orders. */
    averageOrderCents: nullable(cents()),
    refunds: count(),
    refundedCents: cents(),
  }),
  funnel: array(FunnelRowSchema),
  topBeatsByPlays: array(BeatPlaysSchema),
  topBeatsBySales: array(BeatSalesSchema),
  coupons: object({
    /** Paid orders that carried a coupon. */
    ordersWithCoupon: count(),
    /** Coupons the storefront accepted or refused when typed into the cart. */
    applied: count(),
    denied: count(),
    /** What the coupons of the paid orders took off. */
    discountCents: cents(),
  }),
});
export type ShopReport = Infer<typeof ShopReportSchema>;

/** One UTC day of a producer's own products: plays, the lines sold, and those lines' sales and refunds at list price. */
export const ProducerDaySchema = object({
  day: string(),
  plays: count(),
  sales: count(),
  revenueCents: cents(),
  refunds: count(),
  refundedCents: cents(),
});
export type ProducerDay = Infer<typeof ProducerDaySchema>;

export const ProducerProductFiguresSchema = object({
  productId: integer(),
  name: string(),
  category: string(),
  plays: count(),
  sales: count(),
  revenueCents: cents(),
});
export type ProducerProductFigures = Infer<typeof ProducerProductFiguresSchema>;

/**
 * GET /producer/analytics/report: the same figures for the caller's own products only. Its
 * `revenueCents` are sales at list price: what their lines were sold for before a coupon's share
 * and the shop's commission (the statements hold what they earn).
 */
export const ProducerReportSchema = object({
  range: RangeSchema,
  days: array(ProducerDaySchema),
  totals: object({ plays: count(), sales: count(), revenueCents: cents(), refunds: count(), refundedCents: cents() }),
  topProducts: array(ProducerProductFiguresSchema),
});
export type ProducerReport = Infer<typeof ProducerReportSchema>;

/** A producer not verified yet has no products, so no figures: null, not an error (their home says how to start selling). */
export const ProducerReportAnswerSchema = nullable(ProducerReportSchema);
