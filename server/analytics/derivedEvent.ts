import type { AnalyticsEventName, AnalyticsMessage, AnalyticsProduct } from '../../shared/schemas/analytics';

/** An analytics event as a derivation makes it, before it takes its place in the stream. */
export interface DerivedEvent {
  messageId: string;
  event: AnalyticsEventName;
  source: 'server' | 'browser';
  occurredAt: Date;
  userId: string | null;
  anonymousId: string | null;
  properties: Record<string, unknown>;
  /** Order Completed: what the buyer paid; Order Refunded: what went back. */
  revenueCents?: number;
  /** The one product the event is about (viewed, added, played). */
  product?: ProductFacts;
  /** An order's products, for the sales reports. */
  products?: readonly ProductFacts[];
}

/** What the stream says of a product, and what the reports group it by. */
export interface ProductFacts {
  productId: number;
  producerId: number;
  name: string;
  category: string;
  brand: string;
  priceCents: number;
  /** What a beat's project file adds, when the shop offers one. */
  projectFilePriceCents?: number | null;
}

/** Segment's categories, in words a consumer reads: our product types, and a custom order's service. */
const CATEGORIES: Record<string, string> = {
  track: 'beat',
  samplepack: 'sample pack',
  edmcontacts: 'EDM contacts list',
  promembership: 'PRO membership',
  customservice: 'custom service',
};
export const categoryOf = (productType: string): string => CATEGORIES[productType] ?? productType;

/** USD as Segment's spec writes money: a number of dollars, from our integer cents. */
export const usd = (cents: number): number => Math.round(cents) / 100;

/** A product in Segment's shape; `variant` names a beat bought with its project file. */
export function segmentProduct(facts: ProductFacts, extra: { variant?: string; position?: number; priceCents?: number } = {}): AnalyticsProduct {
  return {
    product_id: String(facts.productId),
    name: facts.name,
    category: facts.category,
    brand: facts.brand,
    price: usd(extra.priceCents ?? facts.priceCents),
    quantity: 1,
    ...(extra.variant === undefined ? {} : { variant: extra.variant }),
    ...(extra.position === undefined ? {} : { position: extra.position }),
  };
}

export const PROJECT_FILE_VARIANT = 'with project file';

/** The message readers get, in Segment's `track` shape. */
export function messageOf(event: DerivedEvent): AnalyticsMessage {
  return {
    type: 'track',
    event: event.event,
    messageId: event.messageId,
    timestamp: event.occurredAt.toISOString(),
    userId: event.userId,
    anonymousId: event.anonymousId,
    properties: event.properties,
    context: { source: event.source },
  };
}
