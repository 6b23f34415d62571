import type { SupportEvent, SupportStepView } from '../../shared/schemas/support';
import type { RootState } from '../../shared/store/rootReducer';

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
const productIdsOf = (text: string | number | boolean | undefined) =>
  typeof text === 'string' && text !== '' ? text.split(',').map(Number) : [];
const listed = (ids: readonly number[]) => (ids.length === 0 ? 'nothing' : `product${ids.length === 1 ? '' : 's'} ${ids.join(', ')}`);

/**
 * The buyer's cart and order at one step, side by side: as the tab showed them (the replayed
 * state) and as the server's events say they were at that moment (the last event of each stream
 * at or before it, which carries its stream's folded state). A disagreement is usually the bug.
 */
export function stepView(seq: number, at: string, state: RootState, events: readonly SupportEvent[]): SupportStepView {
  const time = Date.parse(at);
  const latest = new Map<string, SupportEvent>();
  for (const event of events) if (Date.parse(event.at) <= time) latest.set(event.streamId, event);

  const loggedIn = state.auth.user !== null;
  // The account's cart once logged in; before that the tab's guest cart.
  const cartEvent = [...latest.values()].find((event) => 'cart' in event.data && event.streamId.startsWith(loggedIn ? 'cart-user-' : 'cart-guest-'));
  const serverCart = sorted(productIdsOf(cartEvent?.data.cart));
  const serverOrders = [...latest.values()]
    .filter((event) => typeof event.data.orderId === 'string')
    .map((event) => ({ orderId: String(event.data.orderId), status: String(event.data.status), total: Number(event.data.total) }));

  const browserCart = sorted(state.cart.items.filter((item) => !item.isRemovedFromCart).map((item) => item.product.id));
  const { order } = state.checkout;
  const browserOrder = order ? { orderId: order.id, status: order.status, total: order.total } : null;

  const mismatches: string[] = [];
  if (state.cart.loaded && (cartEvent !== undefined || browserCart.length > 0) && browserCart.join(',') !== serverCart.join(',')) {
    mismatches.push(`The browser's cart shows ${listed(browserCart)}; the server's cart held ${listed(serverCart)}`);
  }
  if (browserOrder) {
    const serverOrder = serverOrders.find((candidate) => candidate.orderId === browserOrder.orderId);
    if (!serverOrder) mismatches.push(`The browser shows order ${browserOrder.orderId.slice(0, 8)}, which the server did not have yet`);
    else if (serverOrder.status !== browserOrder.status) {
      mismatches.push(`The browser shows order ${browserOrder.orderId.slice(0, 8)} as ${browserOrder.status}; the server had it ${serverOrder.status}`);
    }
  }
  return {
    seq,
    at,
    browser: { cart: { productIds: browserCart, total: state.cart.loaded ? state.cart.total : null }, order: browserOrder },
    server: { cart: { productIds: serverCart, total: null }, orders: serverOrders },
    mismatches,
  };
}
