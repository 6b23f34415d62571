import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  record,
  refine,
  string,
  type Struct,
  union,
} from 'superstruct';
import { ROLES } from '../domain/auth/roles';
import { DOWNLOAD_KINDS, ORDER_STATUSES } from './order';
import { QueryInteger } from './query';
import { personal } from './personal';

/** Rows per page of the admin site's lists; the server pages, the page shows the total. */
export const ADMIN_PAGE_SIZE = 25;
/** Longer searches are a mistake (or an attack on the query), not a name or an email. */
export const ADMIN_SEARCH_MAX = 100;
/** Far past any real list; a page number beyond it is a typo. */
const ADMIN_PAGE_MAX = 100_000;

export const ADMIN_PRODUCT_STATUSES = ['processing', 'failed', 'pending', 'rejected', 'listed', 'sold', 'withdrawn', 'withheld'] as const;
export type AdminProductStatus = (typeof ADMIN_PRODUCT_STATUSES)[number];

const count = () => min(integer(), 0);
const search = () => optional(refine(string(), 'search', (text) => text.length <= ADMIN_SEARCH_MAX || `A search is at most ${ADMIN_SEARCH_MAX} characters long`));
const page = () => defaulted(max(min(QueryInteger, 1), ADMIN_PAGE_MAX), 1);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (text: string) => {
  const day = new Date(`${text}T00:00:00Z`);
  return DAY.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
};
/** A calendar day `YYYY-MM-DD` that exists (not 2026-02-30, nor month 13). */
const Day = refine(string(), 'day', (text) => isCalendarDay(text) || 'Expected a date as YYYY-MM-DD');

/** `All buyers` and `All producers`: search by name, email or id. */
export const AdminPeopleQuerySchema = object({ q: personal(search()), page: page() });
export type AdminPeopleQuery = Infer<typeof AdminPeopleQuerySchema>;

/** `All tracks`: by name or producer, and state. */
export const AdminTrackQuerySchema = object({ q: search(), status: optional(enums(ADMIN_PRODUCT_STATUSES)), page: page() });
export type AdminTrackQuery = Infer<typeof AdminTrackQuerySchema>;

/** `Orders`: by order id or the buyer's email, state, and the days placed (UTC, both ends included). */
export const AdminOrderQuerySchema = refine(
  object({ q: personal(search()), status: optional(enums(ORDER_STATUSES)), from: optional(Day), to: optional(Day), page: page() }),
  'dates',
  (query) => !query.from || !query.to || query.from <= query.to || 'The "from" date must not be after the "to" date',
);
export type AdminOrderQuery = Infer<typeof AdminOrderQuerySchema>;

/** One page of a list, with the count of every row the search found. */
const pageOf = <T>(row: Struct<T, unknown>) => object({ rows: array(row), total: count(), page: min(integer(), 1), pageSize: min(integer(), 1) });

export const AdminBuyerSchema = object({
  id: integer(),
  email: personal(string()),
  firstName: personal(string()),
  lastName: personal(string()),
  country: string(),
  blocked: boolean(),
  orderCount: count(),
  registeredAt: nullable(string()),
});
export type AdminBuyer = Infer<typeof AdminBuyerSchema>;
export const AdminBuyerPageSchema = pageOf(AdminBuyerSchema);
export type AdminBuyerPage = Infer<typeof AdminBuyerPageSchema>;

/** A producer profile; `account` when a member became this producer (the demo shop's have none). */
export const AdminProducerSchema = object({
  id: integer(),
  artistName: string(),
  shortName: string(),
  followers: count(),
  productCount: count(),
  account: nullable(object({ userId: integer(), email: personal(string()), blocked: boolean() })),
});
export type AdminProducer = Infer<typeof AdminProducerSchema>;
export const AdminProducerPageSchema = pageOf(AdminProducerSchema);
export type AdminProducerPage = Infer<typeof AdminProducerPageSchema>;

export const AdminTrackSchema = object({
  id: integer(),
  name: string(),
  productType: string(),
  producerId: integer(),
  artistName: nullable(string()),
  status: enums(ADMIN_PRODUCT_STATUSES),
  price: number(),
  soldOrderId: nullable(string()),
  createdAt: string(),
});
export type AdminTrack = Infer<typeof AdminTrackSchema>;
export const AdminTrackPageSchema = pageOf(AdminTrackSchema);
export type AdminTrackPage = Infer<typeof AdminTrackPageSchema>;

export const AdminOrderSchema = object({
  id: string(),
  placedAt: string(),
  status: enums(ORDER_STATUSES),
  total: number(),
  buyerId: integer(),
  buyerEmail: personal(nullable(string())),
  items: array(string()),
});
export type AdminOrder = Infer<typeof AdminOrderSchema>;
export const AdminOrderPageSchema = pageOf(AdminOrderSchema);
export type AdminOrderPage = Infer<typeof AdminOrderPageSchema>;

/** The account facts an admin acts on; no password, no sessions. */
export const AdminAccountSchema = object({
  id: integer(),
  email: personal(string()),
  firstName: personal(string()),
  lastName: personal(string()),
  country: string(),
  roles: array(string()),
  emailConfirmed: boolean(),
  blocked: boolean(),
  registeredAt: nullable(string()),
});
export type AdminAccount = Infer<typeof AdminAccountSchema>;

/** GET /admin/buyers/{id}: the account and its newest orders. */
export const AdminBuyerDetailSchema = object({ account: AdminAccountSchema, orders: array(AdminOrderSchema) });
export type AdminBuyerDetail = Infer<typeof AdminBuyerDetailSchema>;

/** GET /admin/producers/{id}: the profile, the account behind it, and its products in every state. */
export const AdminProducerDetailSchema = object({
  producer: object({ id: integer(), artistName: string(), shortName: string(), followers: count() }),
  account: nullable(AdminAccountSchema),
  products: array(AdminTrackSchema),
});
export type AdminProducerDetail = Infer<typeof AdminProducerDetailSchema>;

/** GET /admin/tracks/{id}. */
export const AdminTrackDetailSchema = object({ track: AdminTrackSchema, coverImageSrc: nullable(string()), previewSrc: nullable(string()) });
export type AdminTrackDetail = Infer<typeof AdminTrackDetailSchema>;

/** An event of the order's stream as an admin sees it: what is not personal (no address, no link tokens). */
export const AdminOrderEventSchema = object({
  version: integer(),
  type: string(),
  recordedAt: string(),
  data: record(string(), union([string(), number(), boolean()])),
});
export type AdminOrderEvent = Infer<typeof AdminOrderEventSchema>;

/** GET /admin/orders/{id}: the placement, its state, its files and its history. */
export const AdminOrderDetailSchema = object({
  order: object({
    id: string(),
    status: enums(ORDER_STATUSES),
    placedAt: string(),
    paidAt: nullable(string()),
    buyerId: integer(),
    buyerEmail: personal(nullable(string())),
    lines: array(object({ productId: integer(), name: string(), productType: string(), producerId: integer(), includeProjectFile: boolean(), price: number() })),
    subTotal: number(),
    discount: number(),
    serviceFee: number(),
    total: number(),
    coupon: nullable(object({ code: string(), percentage: number() })),
    paymentMethod: string(),
    provider: string(),
    providerPaymentId: nullable(string()),
    failureReason: nullable(string()),
  }),
  downloads: array(
    object({ productId: integer(), kind: enums(DOWNLOAD_KINDS), name: string(), expiresAt: string(), revoked: boolean(), timesDownloaded: count() }),
  ),
  history: array(AdminOrderEventSchema),
  refundable: boolean(),
});
export type AdminOrderDetail = Infer<typeof AdminOrderDetailSchema>;

/** POST /admin/orders/{id}/refund. */
export const AdminRefundAnswerSchema = object({ status: enums(ORDER_STATUSES), relisted: array(integer()) });
export type AdminRefundAnswer = Infer<typeof AdminRefundAnswerSchema>;

/** POST /admin/users/{id}/block and /unblock. */
export const AdminBlockAnswerSchema = object({ blocked: boolean(), withheldProducts: count() });
export type AdminBlockAnswer = Infer<typeof AdminBlockAnswerSchema>;

/** PUT and DELETE /admin/users/{id}/roles/moderator: the account's roles after the change. */
export const AdminRolesAnswerSchema = object({ roles: array(enums(ROLES)) });
export type AdminRolesAnswer = Infer<typeof AdminRolesAnswerSchema>;
