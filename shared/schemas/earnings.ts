import { array, define, enums, type Infer, integer, nullable, object, string } from 'superstruct';
import { requiredText } from './pages';
import { personal } from './personal';

/** One producer's money in the admin's `Payouts`: earned (sales net of coupon shares, commission and refunds), paid out, and owed. */
export const ProducerBalanceSchema = object({
  producerId: integer(),
  producerName: string(),
  earnedCents: integer(),
  paidOutCents: integer(),
  balanceCents: integer(),
  lastPayoutAt: nullable(string()),
});
export type ProducerBalance = Infer<typeof ProducerBalanceSchema>;
export const ProducerBalanceListSchema = object({ producers: array(ProducerBalanceSchema) });

export const PAYOUT_REFERENCE_LIMIT = 200;
export const PAYOUT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const amount = define<number>('amount', (value) => (Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 100_000_000 ? true : 'Amount must be at least $0.01, in whole cents'));
const payoutId = define<string>('payoutId', (value) => (typeof value === 'string' && PAYOUT_ID_PATTERN.test(value) ? true : 'Payout id must be 8 to 64 letters, digits, - or _'));

/**
 * "Mark payout sent" (POST /admin/payouts). `payoutId` is made once per form by the browser: the
 * same id sent twice records one payout.
 */
export const PayoutRequestSchema = object({
  payoutId,
  producerId: integer(),
  amountCents: amount,
  /** The transfer's reference as the admin typed it: it may name the producer's account. */
  reference: personal(requiredText('Reference', 1, PAYOUT_REFERENCE_LIMIT)),
});
export type PayoutRequest = Infer<typeof PayoutRequestSchema>;

export const PayoutAnswerSchema = object({
  payout: object({ payoutId: string(), producerId: integer(), amountCents: integer(), reference: personal(string()), sentAt: string() }),
  balance: ProducerBalanceSchema,
});

/**
 * A producer's statement for one month (UTC). sales: what buyers paid for the lines (after coupon
 * shares); refunds: of those, given back; commission: the shop's, net of refunded commission;
 * net = sales − refunds − commission; closing = opening + net − payouts.
 */
export const StatementSchema = object({
  producerId: integer(),
  producerName: string(),
  month: string(),
  openingCents: integer(),
  salesCents: integer(),
  refundsCents: integer(),
  commissionCents: integer(),
  netCents: integer(),
  payoutsCents: integer(),
  closingCents: integer(),
});
export type Statement = Infer<typeof StatementSchema>;
export const StatementListSchema = object({ statements: array(StatementSchema) });

export const LedgerEntrySchema = object({
  kind: enums(['sale', 'refund', 'payout']),
  orderId: nullable(string()),
  description: string(),
  at: string(),
  priceCents: integer(),
  discountCents: integer(),
  commissionCents: integer(),
  netCents: integer(),
});
export type LedgerEntry = Infer<typeof LedgerEntrySchema>;
export const StatementDetailSchema = object({ statement: StatementSchema, entries: array(LedgerEntrySchema) });
export type StatementDetail = Infer<typeof StatementDetailSchema>;

/** A producer's own balance and statements, newest month first (their dashboard). */
export const MyEarningsSchema = object({ balanceCents: integer(), statements: array(StatementSchema) });
export type MyEarnings = Infer<typeof MyEarningsSchema>;

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
