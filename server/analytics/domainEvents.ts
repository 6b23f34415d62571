import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/database';
import type { Tables } from '../db/schema';
import { readDecodedStream } from '../domain/aggregateStream';
import { cartEventCodec } from '../domain/cart/cartEventCodec';
import type { CartEvent } from '../domain/cart/cartEvents';
import { orderEventCodec } from '../domain/order/orderEventCodec';
import type { OrderEvent, OrderPlacement } from '../domain/order/orderEvents';
import { followEventCodec } from '../domain/producer/producerEventCodecs';
import type { FollowEvent } from '../domain/producer/producerEvents';
import { trackPlayEventCodec } from '../domain/trackPlay/trackPlayEventCodec';
import type { TrackPlayEvent } from '../domain/trackPlay/trackPlayEvents';
import { userEventCodec } from '../domain/user/userEventCodec';
import type { UserEvent } from '../domain/user/userEvents';
import { wishlistEventCodec } from '../domain/wishlist/wishlistEventCodec';
import type { WishlistEvent } from '../domain/wishlist/wishlistDecider';
import type { EventCodec, Recorded } from '../eventStore/eventCodec';
import type { EventStore, NewEvent, RecordedEvent } from '../eventStore/eventStore';
import type { PreparedProjection } from '../projections/projection';
import { storeAnalyticsEvents } from './analyticsStore';
import { categoryOf, type DerivedEvent, PROJECT_FILE_VARIANT, type ProductFacts, segmentProduct, usd } from './derivedEvent';
import { productFacts, SHOP_BRAND } from './productFacts';
import type { Pseudonyms } from './pseudonyms';

/** The domain events the server side of the stream is derived from, by the codec that reads each. */
const SOURCES = {
  CartItemAdded: cartEventCodec,
  CartItemRemoved: cartEventCodec,
  PaymentSucceeded: orderEventCodec,
  OrderRefunded: orderEventCodec,
  OrderCancelled: orderEventCodec,
  WishlistItemAdded: wishlistEventCodec,
  WishlistItemRemoved: wishlistEventCodec,
  ProducerFollowed: followEventCodec,
  UserRegistered: userEventCodec,
  UserLoggedIn: userEventCodec,
  TrackPlayed: trackPlayEventCodec,
} satisfies Record<string, EventCodec<NewEvent>>;
export const ANALYTICS_SOURCE_TYPES = Object.keys(SOURCES) as (keyof typeof SOURCES)[];

type Source = Recorded<CartEvent> | Recorded<OrderEvent> | Recorded<WishlistEvent> | Recorded<FollowEvent> | Recorded<UserEvent> | Recorded<TrackPlayEvent>;

function decodeSource(event: RecordedEvent): Source {
  const codec = (SOURCES as Record<string, EventCodec<NewEvent>>)[event.type];
  if (!codec) throw new Error(`The analytics projection cannot read ${event.type}`);
  return codec.decode(event) as Source;
}

/** The stable id of what a domain event became: its stream and version, hashed (a guest's cart stream names its cookie token). */
export function domainMessageId(event: Pick<RecordedEvent, 'streamId' | 'version'>, name: string): string {
  return `d_${createHash('sha256').update(`${event.streamId}#${event.version}#${name}`).digest('base64url').slice(0, 27)}`;
}

const trackingIdOf = (event: RecordedEvent): string | null => {
  const value = event.metadata?.trackingId;
  return typeof value === 'string' ? value : null;
};

const CART_OWNER = /^cart-user-(\d+)$/;
const PLAYING_USER = /^u(\d+)$/;

interface Deps {
  eventStore: EventStore;
  /** Reads of committed read models (products, producers). */
  query: Kysely<Tables>;
  pseudonyms: Pseudonyms;
  kind: DatabaseKind;
  now: () => Date;
}

/**
 * The server's half of the analytics stream (issue 13), kept like any read model: each batch of
 * domain events and the checkpoint move together (server/projections/projector.ts), so an event is
 * derived exactly once, and an `Order Completed` exists once per paid order however often the
 * payment was retried or its webhook delivered (the order's decider records one PaymentSucceeded).
 */
export function analyticsProjection(deps: Deps): PreparedProjection {
  return {
    name: 'analytics',
    types: ANALYTICS_SOURCE_TYPES,
    // Derived from committed history before the write transaction, which then only adds the rows.
    async prepare(events) {
      const sources = events.map(decodeSource);
      // One lookup of the shop's records for the whole batch.
      const facts = await productFacts(deps.query, sources.flatMap((source) => ('productId' in source.data ? [source.data.productId] : [])));
      const derived: DerivedEvent[] = [];
      for (const source of sources) {
        const one = await derive(deps, source, facts);
        if (one) derived.push(one);
        // SQLite's reads settle as microtasks: without a turn of the loop between events, a batch
        // would hold up every request arriving meanwhile (the buyers' checkouts among them).
        await setImmediate();
      }
      return async (tx) => {
        await storeAnalyticsEvents(tx, deps.kind, derived, deps.now());
      };
    },
  };
}

async function derive(deps: Deps, event: Source, facts: ReadonlyMap<number, ProductFacts>): Promise<DerivedEvent | null> {
  const base = (name: DerivedEvent['event'], who: { userId: number | null; anonymousId?: string | null }) => ({
    messageId: domainMessageId(event, name),
    event: name,
    source: 'server' as const,
    occurredAt: new Date(event.recordedAt),
    userId: who.userId === null ? null : deps.pseudonyms.user(who.userId),
    anonymousId: who.anonymousId ?? trackingIdOf(event),
  });
  const oneProduct = (productId: number) => facts.get(productId) ?? null;

  switch (event.type) {
    case 'CartItemAdded':
    case 'CartItemRemoved': {
      // Lines a guest cart brought in at login were added once already, as the guest's; lines that
      // left because they were bought were not removed by anyone (Segment: the user removed it).
      if (event.metadata?.mergedFrom !== undefined || event.metadata?.purchasedIn !== undefined) return null;
      const product = oneProduct(event.data.productId);
      if (!product) return null;
      const owner = CART_OWNER.exec(event.streamId);
      const withFile = event.type === 'CartItemAdded' && event.data.includeProjectFile;
      return {
        ...base(event.type === 'CartItemAdded' ? 'Product Added' : 'Product Removed', { userId: owner ? Number(owner[1]) : null }),
        product,
        properties: {
          cart_id: deps.pseudonyms.of('cart', event.streamId),
          ...segmentProduct(product, withFile ? { variant: PROJECT_FILE_VARIANT, priceCents: product.priceCents + (product.projectFilePriceCents ?? 0) } : {}),
          currency: 'USD',
        },
      };
    }
    case 'WishlistItemAdded':
    case 'WishlistItemRemoved': {
      const product = oneProduct(event.data.productId);
      if (!product) return null;
      const userId = Number(event.streamId.replace(/^wishlist-/, ''));
      return {
        ...base(event.type === 'WishlistItemAdded' ? 'Product Added to Wishlist' : 'Product Removed from Wishlist', { userId }),
        product,
        properties: { wishlist_id: deps.pseudonyms.of('wishlist', event.streamId), wishlist_name: 'Wishlist', ...segmentProduct(product), currency: 'USD' },
      };
    }
    case 'TrackPlayed': {
      const product = oneProduct(event.data.productId);
      if (!product) return null;
      const listener = PLAYING_USER.exec(event.data.listener);
      return { ...base('Track Played', { userId: listener ? Number(listener[1]) : null }), product, properties: { ...segmentProduct(product), currency: 'USD' } };
    }
    case 'ProducerFollowed': {
      const producer = await deps.query.selectFrom('catalogue_producers').select('artist_name').where('id', '=', event.data.producerId).executeTakeFirst();
      return {
        ...base('Producer Followed', { userId: event.data.userId }),
        properties: { producer_id: String(event.data.producerId), producer_name: producer?.artist_name ?? SHOP_BRAND },
      };
    }
    case 'UserRegistered':
      return { ...base('Signed Up', { userId: event.data.userId }), properties: { method: 'email', account_type: event.data.roles[0] ?? 'client' } };
    case 'UserLoggedIn':
      return { ...base('Logged In', { userId: event.data.userId }), properties: { method: 'email' } };
    case 'PaymentSucceeded':
    case 'OrderRefunded':
    case 'OrderCancelled':
      return deriveOrderEvent(deps, event, base);
    default:
      return null;
  }
}

/** Order Completed, Refunded and Cancelled carry the order as it was placed: its lines, coupon and totals. */
async function deriveOrderEvent(
  deps: Deps,
  event: Recorded<OrderEvent>,
  base: (name: DerivedEvent['event'], who: { userId: number | null; anonymousId?: string | null }) => Omit<DerivedEvent, 'properties'>,
): Promise<DerivedEvent | null> {
  const history = await readDecodedStream(deps.eventStore, event.streamId, orderEventCodec);
  const placed = history.find((recorded) => recorded.type === 'OrderPlaced');
  if (!placed || placed.type !== 'OrderPlaced') return null;
  const placement: OrderPlacement = placed.data;
  const brands = await productFacts(deps.query, placement.lines.map((line) => line.productId));
  const products: ProductFacts[] = placement.lines.map((line) => ({
    productId: line.productId,
    producerId: line.producerId,
    name: line.name,
    category: categoryOf(line.productType),
    brand: brands.get(line.productId)?.brand ?? SHOP_BRAND,
    priceCents: line.priceCents,
  }));
  const segmentProducts = products.map((product, index) => segmentProduct(product, placement.lines[index]!.includeProjectFile ? { variant: PROJECT_FILE_VARIANT } : {}));
  const who = { userId: placement.userId, anonymousId: trackingIdOf(placed) };
  const money = { total: usd(placement.totalCents), currency: 'USD' };
  switch (event.type) {
    case 'PaymentSucceeded':
      return {
        ...base('Order Completed', who),
        revenueCents: placement.totalCents,
        products,
        properties: {
          order_id: placement.orderId,
          affiliation: SHOP_BRAND,
          ...money,
          subtotal: usd(placement.subTotalCents),
          revenue: usd(placement.totalCents),
          discount: usd(placement.discountCents),
          service_fee: usd(placement.serviceFeeCents),
          tax: 0,
          shipping: 0,
          coupon: placement.coupon?.code ?? null,
          payment_method: placement.paymentMethod,
          products: segmentProducts,
        },
      };
    case 'OrderRefunded':
      return { ...base('Order Refunded', who), revenueCents: placement.totalCents, products, properties: { order_id: placement.orderId, ...money, products: segmentProducts } };
    case 'OrderCancelled':
      return { ...base('Order Cancelled', who), products, properties: { order_id: placement.orderId, ...money, discount: usd(placement.discountCents), coupon: placement.coupon?.code ?? null, products: segmentProducts } };
    default:
      return null;
  }
}
