import { array, boolean, enums, type Infer, integer, min, nullable, object, pattern, string } from 'superstruct';
import { DOWNLOAD_KINDS, ORDER_STATUSES, PAYMENT_METHODS } from './order';

const cents = () => integer();
const count = () => min(integer(), 0);

/**
 * A purchased file as My purchases shows it. `available`: the download works, `daysLeft` of the
 * 180 days remain (the day of purchase counts as the first); `preparing`: a sold beat's master is
 * still being rendered; `expired`: the 180 days are over (the terms' section 12). A refunded
 * order has no files left.
 */
export const FILE_STATES = ['available', 'preparing', 'expired'] as const;
export const PurchasedFileSchema = object({
  productId: integer(),
  kind: enums(DOWNLOAD_KINDS),
  name: string(),
  /** The storefront's account-bound link (served to the buyer's own session). */
  url: string(),
  expiresAt: string(),
  daysLeft: count(),
  state: enums(FILE_STATES),
});
export type PurchasedFile = Infer<typeof PurchasedFileSchema>;

/** A beat's licence contract: `url` while the PDF exists; null ids while the job prepares it. */
export const ContractLinkSchema = object({
  contractId: nullable(string()),
  url: nullable(string()),
});
export type ContractLink = Infer<typeof ContractLinkSchema>;

export const PurchasedItemSchema = object({
  productId: integer(),
  name: string(),
  productType: string(),
  includeProjectFile: boolean(),
  priceCents: cents(),
  /** Beats of paid orders only: the contract that transfers the copyright. */
  contract: nullable(ContractLinkSchema),
});
export type PurchasedItem = Infer<typeof PurchasedItemSchema>;

export const PurchaseSchema = object({
  id: string(),
  placedAt: string(),
  paidAt: nullable(string()),
  status: enums(ORDER_STATUSES),
  /** Why a payment failed or the order was refunded. */
  reason: nullable(string()),
  items: array(PurchasedItemSchema),
  /** The items at their prices, before the coupon. */
  itemsCents: cents(),
  discountCents: cents(),
  serviceFeeCents: cents(),
  totalCents: cents(),
  coupon: nullable(string()),
  paymentMethod: enums(PAYMENT_METHODS),
  walletType: nullable(string()),
  files: array(PurchasedFileSchema),
});
export type Purchase = Infer<typeof PurchaseSchema>;

/** GET /account/orders: the member's orders, newest first. */
export const PurchasesSchema = object({ orders: array(PurchaseSchema) });
export type Purchases = Infer<typeof PurchasesSchema>;

/** POST /account/orders/:id/mail answers where the mail went (the account's own address). */
export const MailResentSchema = object({ message: string() });

/** One beat the producer sold, with its contract (GET /account/sales). */
export const SaleSchema = object({
  contractId: string(),
  productId: integer(),
  beatName: string(),
  priceCents: cents(),
  soldAt: string(),
  /** Whether the order was refunded since: the contract then records a sale that was undone. */
  refunded: boolean(),
  url: string(),
});
export type Sale = Infer<typeof SaleSchema>;
export const SalesSchema = object({ sales: array(SaleSchema) });
export type Sales = Infer<typeof SalesSchema>;

/** GET /contracts/verify?id=…&hash=…: both as printed on the contract. */
export const CONTRACT_ID = /^BC(-[0-9A-F]{4}){5}$/;
export const CONTENT_HASH = /^[0-9a-f]{64}$/;
export const ContractVerifyQuerySchema = object({ id: pattern(string(), CONTRACT_ID), hash: pattern(string(), CONTENT_HASH) });

/**
 * Whether an id and hash belong to a contract Beatcrate issued. Genuine, it names the beat, its
 * producer's public name and the date of sale; never the buyer.
 */
export const ContractVerdictSchema = object({
  genuine: boolean(),
  message: string(),
  contract: nullable(object({ contractId: string(), beatName: string(), producerName: string(), soldAt: string(), refunded: boolean() })),
});
export type ContractVerdict = Infer<typeof ContractVerdictSchema>;
