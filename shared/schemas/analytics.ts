import { array, assign, enums, type Infer, integer, literal, nullable, number, object, optional, record, string, unknown } from 'superstruct';

/**
 * The events of the analytics stream (issue 13): the Segment e-commerce v2 spec's names (as
 * PostHog and RudderStack use them), then our own.
 */
export const SEGMENT_ECOMMERCE_EVENTS = [
  'Products Searched',
  'Product List Viewed',
  'Product List Filtered',
  'Product Viewed',
  'Product Clicked',
  'Product Added',
  'Product Removed',
  'Cart Viewed',
  'Checkout Started',
  'Payment Info Entered',
  'Order Completed',
  'Order Refunded',
  'Order Cancelled',
  'Coupon Entered',
  'Coupon Applied',
  'Coupon Denied',
  'Product Added to Wishlist',
  'Product Removed from Wishlist',
] as const;
export const BEATCRATE_EVENTS = ['Track Played', 'Producer Followed', 'Signed Up', 'Logged In'] as const;
export const ANALYTICS_EVENT_NAMES = [...SEGMENT_ECOMMERCE_EVENTS, ...BEATCRATE_EVENTS] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** A product as Segment's spec describes one: money in USD as a number. */
export const AnalyticsProductSchema = object({
  product_id: string(),
  name: string(),
  /** beat, sample pack, EDM contacts list, PRO membership, custom service. */
  category: string(),
  /** The producer who sells it (the shop's own name for its own products). */
  brand: string(),
  price: number(),
  quantity: integer(),
  /** `with project file` when the buyer takes a beat's project file too. */
  variant: optional(string()),
  /** Its place in a list (Product List Viewed, Product Clicked), from 1. */
  position: optional(integer()),
});
export type AnalyticsProduct = Infer<typeof AnalyticsProductSchema>;

/**
 * One event as consumers read it, in Segment's `track` call's shape. `userId` is a stable
 * pseudonym (never the email or the database id), `anonymousId` the browser tab's log id; no
 * names, emails, addresses or card data anywhere.
 */
export const AnalyticsMessageSchema = object({
  type: literal('track'),
  event: enums(ANALYTICS_EVENT_NAMES),
  /** Stable: derived from the source (the domain event, or the tab's log id and the entry's seq). */
  messageId: string(),
  /** When it happened (ISO 8601). */
  timestamp: string(),
  userId: nullable(string()),
  anonymousId: nullable(string()),
  properties: record(string(), unknown()),
  context: object({ source: enums(['server', 'browser']) }),
});
export type AnalyticsMessage = Infer<typeof AnalyticsMessageSchema>;

/** A line of `GET /api/v1/analytics/events`: the message and its cursor, the next call's `after`. */
export const AnalyticsLineSchema = assign(AnalyticsMessageSchema, object({ cursor: string() }));
export type AnalyticsLine = Infer<typeof AnalyticsLineSchema>;

export const ANALYTICS_SCOPES = ['events:read', 'webhooks:manage'] as const;
export type AnalyticsScope = (typeof ANALYTICS_SCOPES)[number];

/** An API key as lists show it: never the key itself, which is shown once, when it is made. */
export const AnalyticsKeyViewSchema = object({
  id: integer(),
  name: string(),
  prefix: string(),
  scopes: array(enums(ANALYTICS_SCOPES)),
  createdAt: string(),
  lastUsedAt: nullable(string()),
  revokedAt: nullable(string()),
});
export type AnalyticsKeyView = Infer<typeof AnalyticsKeyViewSchema>;
