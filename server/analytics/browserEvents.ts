import { createHash } from 'node:crypto';
import { array, boolean, type Infer, integer, is, nullable, number, object, string, type } from 'superstruct';
import { SESSION_STARTED } from '../../shared/actionLog/entry';
import { DEFAULT_FILTERS, parseBeatsQuery, type BeatsFilters } from '../../shared/domain/catalogue/beatsQuery';
import type { Sort } from '../../shared/domain/catalogue/filterOptions';
import type { AnalyticsEventName } from '../../shared/schemas/analytics';
import { type DerivedEvent, PROJECT_FILE_VARIANT, type ProductFacts, segmentProduct, usd } from './derivedEvent';

/**
 * The browser's half of the analytics stream (issue 13), read from a tab's stored action log:
 * what the buyer saw (lists, filters, products, the cart), clicked and typed (a coupon), and
 * where checkout started. Pure: the same entries and memory give the same events and ids, so a
 * backfill or a second reading changes nothing. Products are named from the shop's own records
 * by id (productFacts.ts), never from the log, which any visitor can write.
 */

/** What the reading carries from one batch of a log to the next (stored as JSON between runs). */
export const LogMemorySchema = object({
  /** The address the tab asked for last: a list loaded next was loaded for it. */
  pending: nullable(object({ pathname: string(), search: string() })),
  couponInput: string(),
  /** A coupon applied and not yet answered by the cart. */
  couponPending: nullable(string()),
  cart: nullable(
    object({
      lines: array(object({ productId: integer(), priceCents: integer(), withFile: boolean() })),
      totalCents: integer(),
      coupon: nullable(string()),
    }),
  ),
  /** The list last seen, for a click's place in it. */
  list: nullable(object({ listId: string(), productIds: array(integer()) })),
});
export type LogMemory = Infer<typeof LogMemorySchema>;

export const FRESH_MEMORY: LogMemory = { pending: null, couponInput: '', couponPending: null, cart: null, list: null };

/** An entry as the reading needs it (shared/actionLog/entry.ts, payload parsed). */
export interface LogEntry {
  seq: number;
  at: string;
  type: string;
  payload?: unknown;
}

type MemoryCart = NonNullable<LogMemory['cart']>;

/** What an entry says happened, before the shop's records name its products. */
type DraftBody =
  | { kind: 'list'; event: 'Product List Viewed' | 'Product List Filtered'; listId: string; category: string; productIds: number[]; filters: Filter[]; sorts: Filter[] }
  | { kind: 'search'; query: string }
  | { kind: 'product'; event: 'Product Viewed' | 'Product Clicked'; productId: number; listId: string | null; position: number | null }
  | { kind: 'cart'; event: 'Cart Viewed' | 'Checkout Started'; cart: MemoryCart }
  | { kind: 'payment'; method: 'card' | 'paypal' | 'wallet' }
  | { kind: 'coupon'; event: 'Coupon Entered' | 'Coupon Applied' | 'Coupon Denied'; code: string; discountCents: number | null; reason: string | null };

/** An event found in the log: which entry, and which of that entry's events (`index`). */
export type Draft = DraftBody & { seq: number; at: string; index: number };

interface Filter {
  type: string;
  value: string;
}

// The few fields of each payload the reading uses; `type` lets the rest of a payload be.
const WithId = type({ id: integer() });
const WithTracks = type({ tracks: array(WithId) });
const HomeTracks = type({ category: string(), tracks: array(WithId) });
const Requested = type({ pathname: string(), search: string(), mode: string() });
const Arrived = type({ routeName: nullable(string()) });
const CartPayload = type({
  items: array(type({ id: integer(), includeProjectFile: boolean(), active: boolean(), price: nullable(number()) })),
  total: number(),
  discount: number(),
  coupon: nullable(type({ code: string() })),
  couponError: nullable(string()),
});
const PageState = type({
  navigation: type({ pathname: string(), search: string(), routeName: nullable(string()) }),
});
const BeatsState = type({ catalogue: type({ beats: type({ tracks: array(WithId) }) }) });
const ProductState = type({ product: type({ product: nullable(WithId) }) });
const CartState = type({ cart: CartPayload });
const StartedPayload = type({ state: PageState });

const PRODUCT_PATH = /^\/product\/(\d{1,9})$/;
const cents = (usdAmount: number) => Math.round(usdAmount * 100);

function cartOf(payload: Infer<typeof CartPayload>): MemoryCart {
  return {
    lines: payload.items.filter((item) => item.active && item.price !== null).map((item) => ({ productId: item.id, priceCents: cents(item.price ?? 0), withFile: item.includeProjectFile })),
    totalCents: cents(payload.total),
    coupon: payload.coupon?.code ?? null,
  };
}

/** Our sorts as Segment writes one: what is sorted, and which way. */
const SEGMENT_SORTS: Record<Sort, Filter> = {
  newest: { type: 'listed', value: 'desc' },
  'price-to-low': { type: 'price', value: 'desc' },
  'price-to-high': { type: 'price', value: 'asc' },
};

/** Segment's filters and sorts of a /beats address: every filter set away from its default. */
function filtersOf(search: string): { filters: Filter[]; sorts: Filter[]; query: string; category: string } {
  const chosen = parseBeatsQuery(search);
  const filters: Filter[] = [];
  for (const name of Object.keys(DEFAULT_FILTERS) as (keyof BeatsFilters)[]) {
    if (name === 'sortby' || name === 'tags' || name === 'category') continue;
    const value = chosen[name];
    if (JSON.stringify(value) === JSON.stringify(DEFAULT_FILTERS[name])) continue;
    filters.push({ type: name, value: Array.isArray(value) ? value.join(',') : String(value) });
  }
  const sorts = chosen.sortby === DEFAULT_FILTERS.sortby ? [] : [SEGMENT_SORTS[chosen.sortby]];
  return { filters, sorts, query: chosen.tags.join(' '), category: chosen.category };
}

/**
 * Reads entries (in seq order, the log's next ones) into drafts, carrying `memory` along.
 */
export function readLog(entries: readonly LogEntry[], memory: LogMemory): { drafts: Draft[]; memory: LogMemory } {
  let mem: LogMemory = memory;
  const drafts: Draft[] = [];
  for (const entry of entries) {
    let index = 0;
    const add = (draft: DraftBody) => drafts.push({ ...draft, seq: entry.seq, at: entry.at, index: index++ });
    const beatsList = (productIds: number[], search: string) => {
      const { filters, sorts, query, category } = filtersOf(search);
      add({ kind: 'list', event: 'Product List Viewed', listId: 'beats', category, productIds, filters: [], sorts: [] });
      if (filters.length > 0 || sorts.length > 0 || category !== DEFAULT_FILTERS.category) {
        add({ kind: 'list', event: 'Product List Filtered', listId: 'beats', category, productIds, filters, sorts });
      }
      if (query !== '') add({ kind: 'search', query });
      mem = { ...mem, list: { listId: 'beats', productIds } };
    };
    const { payload } = entry;
    switch (entry.type) {
      case SESSION_STARTED: {
        // A page load: the page the server rendered is in the state it carries.
        mem = { ...FRESH_MEMORY, couponInput: mem.couponInput };
        if (!is(payload, StartedPayload)) break;
        const { state } = payload;
        if (is(state, CartState)) mem = { ...mem, cart: cartOf(state.cart) };
        const route = state.navigation.routeName;
        if (route === 'beats' && is(state, BeatsState)) beatsList(state.catalogue.beats.tracks.map((track) => track.id), state.navigation.search);
        if (route === 'product-id' && is(state, ProductState) && state.product.product) {
          add({ kind: 'product', event: 'Product Viewed', productId: state.product.product.id, listId: null, position: null });
        }
        if (route === 'cart' && mem.cart) add({ kind: 'cart', event: 'Cart Viewed', cart: mem.cart });
        break;
      }
      case 'navigation/navigationRequested': {
        if (!is(payload, Requested)) break;
        mem = { ...mem, pending: { pathname: payload.pathname, search: payload.search } };
        const product = PRODUCT_PATH.exec(payload.pathname);
        if (product && payload.mode === 'push') {
          const productId = Number(product[1]);
          const { list } = mem;
          const place = list ? list.productIds.indexOf(productId) : -1;
          add({ kind: 'product', event: 'Product Clicked', productId, listId: list && place !== -1 ? list.listId : null, position: place === -1 ? null : place + 1 });
        }
        break;
      }
      case 'navigation/navigationArrived': {
        const route = is(payload, Arrived) ? payload.routeName : null;
        if (route === 'cart' && mem.cart) add({ kind: 'cart', event: 'Cart Viewed', cart: mem.cart });
        // A list is clicked in only while its page is shown.
        const listStays = mem.list !== null && route === (mem.list.listId === 'beats' ? 'beats' : 'index');
        mem = { ...mem, pending: null, list: listStays ? mem.list : null };
        break;
      }
      case 'catalogue/beatsPageLoaded':
        if (!is(payload, WithTracks)) break;
        beatsList(
          payload.tracks.map((track) => track.id),
          mem.pending?.pathname === '/beats' ? mem.pending.search : '',
        );
        break;
      case 'catalogue/homeTracksLoaded':
        if (!is(payload, HomeTracks)) break;
        add({ kind: 'list', event: 'Product List Viewed', listId: `home-${payload.category}`, category: payload.category, productIds: payload.tracks.map((track) => track.id), filters: [], sorts: [] });
        mem = { ...mem, list: { listId: `home-${payload.category}`, productIds: payload.tracks.map((track) => track.id) } };
        break;
      case 'product/productPageLoaded':
        if (is(payload, WithId)) add({ kind: 'product', event: 'Product Viewed', productId: payload.id, listId: null, position: null });
        break;
      case 'cart/cartLoaded': {
        if (!is(payload, CartPayload)) break;
        mem = { ...mem, cart: cartOf(payload) };
        const pending = mem.couponPending;
        if (pending === null) break;
        if (payload.coupon && payload.coupon.code.toLowerCase() === pending) {
          add({ kind: 'coupon', event: 'Coupon Applied', code: pending, discountCents: cents(payload.discount), reason: null });
        } else if (payload.couponError !== null) {
          add({ kind: 'coupon', event: 'Coupon Denied', code: pending, discountCents: null, reason: payload.couponError });
        }
        mem = { ...mem, couponPending: null };
        break;
      }
      case 'cart/couponInputChanged':
        if (is(payload, string())) mem = { ...mem, couponInput: payload };
        break;
      case 'cart/couponApplied': {
        const code = mem.couponInput.trim().toLowerCase();
        if (code === '') break;
        add({ kind: 'coupon', event: 'Coupon Entered', code, discountCents: null, reason: null });
        mem = { ...mem, couponPending: code };
        break;
      }
      case 'checkout/checkoutRequested':
        if (mem.cart && mem.cart.lines.length > 0) add({ kind: 'cart', event: 'Checkout Started', cart: mem.cart });
        break;
      case 'checkout/cardPaymentSubmitted':
      case 'checkout/stripeCardSubmitted':
        add({ kind: 'payment', method: 'card' });
        break;
      case 'checkout/paypalPaymentSubmitted':
        add({ kind: 'payment', method: 'paypal' });
        break;
      case 'checkout/stripeWalletConfirmed':
      case 'checkout/addressSubmitted':
        add({ kind: 'payment', method: 'wallet' });
        break;
      default:
        break;
    }
  }
  return { drafts, memory: mem };
}

function eventOf(draft: Draft): AnalyticsEventName {
  switch (draft.kind) {
    case 'search':
      return 'Products Searched';
    case 'payment':
      return 'Payment Info Entered';
    default:
      return draft.event;
  }
}

/** The product ids a reading's drafts name, for one lookup of the shop's records. */
export function draftProductIds(drafts: readonly Draft[]): number[] {
  const ids: number[] = [];
  for (const draft of drafts) {
    if (draft.kind === 'list') ids.push(...draft.productIds);
    if (draft.kind === 'product') ids.push(draft.productId);
    if (draft.kind === 'cart') ids.push(...draft.cart.lines.map((line) => line.productId));
  }
  return ids;
}

/** A browser event's stable id: the tab's log id, the entry's seq, and which of the entry's events. */
export const browserMessageId = (sessionId: string, seq: number, index: number, event: string) =>
  `b_${createHash('sha256').update(`${sessionId}#${seq}#${index}#${event}`).digest('base64url').slice(0, 27)}`;

/**
 * A draft as a stream event: its products named from the shop's records (a product the shop does
 * not know is left out, and an event about nothing but it is dropped).
 */
export function finishDraft(draft: Draft, facts: ReadonlyMap<number, ProductFacts>, tab: { sessionId: string; userId: string | null; occurredAt: Date }): DerivedEvent | null {
  const event = eventOf(draft);
  const base = { messageId: browserMessageId(tab.sessionId, draft.seq, draft.index, event), event, source: 'browser' as const, occurredAt: tab.occurredAt, userId: tab.userId, anonymousId: tab.sessionId };
  const known = (ids: readonly number[]) => ids.map((id) => facts.get(id)).filter((fact): fact is ProductFacts => fact !== undefined);
  switch (draft.kind) {
    case 'list': {
      const products = known(draft.productIds).map((fact, index) => segmentProduct(fact, { position: index + 1 }));
      return { ...base, properties: { list_id: draft.listId, category: draft.category, ...(draft.event === 'Product List Filtered' ? { filters: draft.filters, sorts: draft.sorts } : {}), products } };
    }
    case 'search':
      return { ...base, properties: { query: draft.query } };
    case 'product': {
      const fact = facts.get(draft.productId);
      if (!fact) return null;
      const place = draft.position === null ? {} : { position: draft.position };
      return { ...base, product: fact, properties: { ...segmentProduct(fact, place), ...(draft.listId === null ? {} : { list_id: draft.listId }), currency: 'USD' } };
    }
    case 'cart': {
      const products = draft.cart.lines.flatMap((line) => {
        const fact = facts.get(line.productId);
        return fact ? [segmentProduct(fact, { priceCents: line.priceCents, ...(line.withFile ? { variant: PROJECT_FILE_VARIANT } : {}) })] : [];
      });
      const value = usd(draft.cart.totalCents);
      return {
        ...base,
        properties: draft.event === 'Checkout Started' ? { value, revenue: value, currency: 'USD', coupon: draft.cart.coupon, products } : { products, value, currency: 'USD' },
      };
    }
    case 'payment':
      return { ...base, properties: { payment_method: draft.method } };
    case 'coupon':
      return {
        ...base,
        properties: {
          coupon_id: draft.code,
          ...(draft.discountCents === null ? {} : { discount: usd(draft.discountCents) }),
          ...(draft.reason === null ? {} : { reason: draft.reason }),
        },
      };
    default:
      return null;
  }
}
