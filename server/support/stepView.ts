import { SESSION_STARTED } from '../../shared/actionLog/entry';
import type { ReplayedStep } from '../../shared/actionLog/replay';
import { cartCleared, cartLoaded } from '../../shared/features/cart/cartSlice';
import { orderFailed, orderRedirecting, orderSucceeded } from '../../shared/features/checkout/checkoutSlice';
import type { SupportEvent, SupportStepView } from '../../shared/schemas/support';
import type { RootState } from '../../shared/store/rootReducer';

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
const productIdsOf = (text: string | number | boolean | undefined) =>
  typeof text === 'string' && text !== '' ? text.split(',').map(Number) : [];
const listed = (ids: readonly number[]) => (ids.length === 0 ? 'nothing' : `product${ids.length === 1 ? '' : 's'} ${ids.join(', ')}`);
const NOT_HEARD = "the browser has not heard the server's answer yet";

/** A moment the browser heard from the server: the entry's time and the tab's state right after it. */
interface Moment {
  at: string;
  state: RootState;
}

/** When the browser last heard the server's cart, and its order: what it shows since comes from there. */
export interface BrowserReads {
  cart: Moment | null;
  order: Moment | null;
}

/** A page load carries the cart and order the server rendered; these actions carry its answers. */
const CART_READS = new Set<string>([SESSION_STARTED, cartLoaded.type, cartCleared.type]);
const ORDER_READS = new Set<string>([SESSION_STARTED, orderSucceeded.type, orderFailed.type, orderRedirecting.type]);

/** Follows a replay to note the browser's last reads (`onStep` of replaySession). */
export function browserReads(): { reads: BrowserReads; onStep(step: ReplayedStep): void } {
  const reads: BrowserReads = { cart: null, order: null };
  return {
    reads,
    onStep({ entry, after }) {
      if (after === null) return;
      if (CART_READS.has(entry.type)) reads.cart = { at: entry.at, state: after };
      if (ORDER_READS.has(entry.type)) reads.order = { at: entry.at, state: after };
    },
  };
}

/** The server's side at a moment: the last event of each stream at or before it, which carries its stream's folded state. */
function serverAt(events: readonly SupportEvent[], at: string, loggedIn: boolean) {
  const time = Date.parse(at);
  const latest = new Map<string, SupportEvent>();
  for (const event of events) if (Date.parse(event.at) <= time) latest.set(event.streamId, event);
  // The account's cart once logged in; before that the tab's guest cart.
  const cartEvent = [...latest.values()].find((event) => 'cart' in event.data && event.streamId.startsWith(loggedIn ? 'cart-user-' : 'cart-guest-'));
  const orders = [...latest.values()]
    .filter((event) => typeof event.data.orderId === 'string')
    .map((event) => ({ orderId: String(event.data.orderId), status: String(event.data.status), total: Number(event.data.total) }));
  return { cartEvent, cart: sorted(productIdsOf(cartEvent?.data.cart)), orders };
}

/** What of the cart the browser is still waiting to hear about, or null when it has heard every answer. */
function cartRequestInFlight(cart: RootState['cart']): string | null {
  const waiting = [...new Set([...cart.pendingProductIds, ...cart.items.filter((item) => item.isLoading).map((item) => item.id)])];
  if (waiting.length > 0) return `A cart request is in flight (${listed(sorted(waiting))}): ${NOT_HEARD}`;
  return cart.isLoading ? `A cart reload is in flight: ${NOT_HEARD}` : null;
}

/**
 * The buyer's cart and order at one step, side by side: as the tab showed them (the replayed
 * state) and as the server's events say they were (the last event of each stream at or before a
 * moment). Only settled states are compared: while a request is in flight the browser cannot
 * show its outcome yet, and what it shows comes from the server's last answer, so it is compared
 * with the server as it was when the browser last heard it. A change the server made after that
 * (the order clearing the cart before the browser reloads it) is said as not heard yet. What is
 * left to highlight is a real disagreement: an answer that did not match the server's events, or
 * a browser that changed what it shows on its own.
 */
export function stepView(seq: number, at: string, state: RootState, events: readonly SupportEvent[], reads: BrowserReads): SupportStepView {
  const loggedIn = state.auth.user !== null;
  const now = serverAt(events, at, loggedIn);
  const mismatches: string[] = [];
  const inFlight: string[] = [];

  const browserCart = sorted(state.cart.items.filter((item) => !item.isRemovedFromCart).map((item) => item.product.id));
  const cartRequest = cartRequestInFlight(state.cart);
  if (cartRequest !== null) inFlight.push(cartRequest);
  else if (state.cart.loaded) {
    const read = reads.cart ?? { at, state };
    const heard = serverAt(events, read.at, read.state.auth.user !== null);
    if ((heard.cartEvent !== undefined || browserCart.length > 0) && browserCart.join(',') !== heard.cart.join(',')) {
      mismatches.push(`The browser's cart shows ${listed(browserCart)}; the server's cart held ${listed(heard.cart)}`);
    } else if ((now.cartEvent !== undefined || heard.cartEvent !== undefined) && now.cart.join(',') !== heard.cart.join(',')) {
      inFlight.push(`The server's cart changed after the browser last read it (it holds ${listed(now.cart)} now); the browser shows the cart it read`);
    }
  }

  const { order } = state.checkout;
  const browserOrder = order ? { orderId: order.id, status: order.status, total: order.total } : null;
  if (state.checkout.status !== 'idle') inFlight.push(`An order request is in flight (${state.checkout.status}): ${NOT_HEARD}`);
  else if (browserOrder) {
    const short = browserOrder.orderId.slice(0, 8);
    const heard = serverAt(events, (reads.order ?? { at }).at, loggedIn).orders.find((candidate) => candidate.orderId === browserOrder.orderId);
    const current = now.orders.find((candidate) => candidate.orderId === browserOrder.orderId);
    if (!heard) mismatches.push(`The browser shows order ${short}, which the server did not have yet`);
    else if (heard.status !== browserOrder.status) mismatches.push(`The browser shows order ${short} as ${browserOrder.status}; the server had it ${heard.status}`);
    else if (current && current.status !== heard.status) inFlight.push(`The server's order ${short} is ${current.status} now; the browser last read it ${heard.status}`);
  }
  return {
    seq,
    at,
    browser: { cart: { productIds: browserCart, total: state.cart.loaded ? state.cart.total : null }, order: browserOrder },
    server: { cart: { productIds: now.cart, total: null }, orders: now.orders },
    mismatches,
    inFlight,
  };
}
