import { formatUsd } from '../../shared/domain/money';
import type { SupportEvent } from '../../shared/schemas/support';
import type { RecordedEvent } from '../eventStore/eventStore';
import { cartDecider, type CartState } from '../domain/cart/cartDecider';
import { orderDecider, type OrderState } from '../domain/order/orderDecider';
import type { Recorded } from '../eventStore/eventCodec';
import type { CartEvent } from '../domain/cart/cartEvents';
import type { OrderEvent } from '../domain/order/orderEvents';

type Shown = Pick<SupportEvent, 'summary' | 'data'>;

const dollars = (cents: number) => formatUsd(cents / 100);

/** Products by their names where the shop knows them, else by number. */
export type ProductNames = ReadonlyMap<number, string>;

const productCalled = (names: ProductNames, productId: number) => names.get(productId) ?? `product ${productId}`;

function cartView(event: Recorded<CartEvent>, names: ProductNames): Shown {
  switch (event.type) {
    case 'CartItemAdded':
      return { summary: `Added ${productCalled(names, event.data.productId)}${event.data.includeProjectFile ? ' with its project file' : ''}`, data: { ...event.data } };
    case 'CartItemProjectFileChanged':
      return { summary: `Project file ${event.data.includeProjectFile ? 'added to' : 'taken off'} ${productCalled(names, event.data.productId)}`, data: { ...event.data } };
    case 'CartItemRemoved':
      return { summary: `Removed ${productCalled(names, event.data.productId)}`, data: { ...event.data } };
    case 'CartCleared':
      return { summary: event.data.reason === 'merged' ? 'Guest cart moved into the account at login' : 'Cart emptied', data: { ...event.data } };
  }
}

/**
 * An order's events without what support has no need to see: the shipping address, download
 * tokens, the provider's client secret and redirect URLs stay in the store.
 */
function orderView(event: Recorded<OrderEvent>): Shown {
  switch (event.type) {
    case 'OrderPlaced': {
      const { orderId, lines, coupon, totalCents, discountCents, paymentMethod } = event.data;
      const couponText = coupon ? `, coupon ${coupon.code}` : '';
      return {
        summary: `Order ${orderId.slice(0, 8)} placed: ${lines.length} item${lines.length === 1 ? '' : 's'}, ${dollars(totalCents)} by ${paymentMethod}${couponText}`,
        data: { orderId, productIds: lines.map((line) => line.productId).join(','), total: totalCents / 100, discount: discountCents / 100, paymentMethod, coupon: coupon?.code ?? '' },
      };
    }
    case 'PaymentAttempted':
      return { summary: 'Payment sent to the provider', data: {} };
    case 'PaymentOutcomeUnknown':
      return { summary: `Payment outcome unknown: ${event.data.reason}`, data: { reason: event.data.reason } };
    case 'PaymentActionRequired':
      return { summary: 'The provider asked the buyer for a step (3-D Secure, PayPal, wallet)', data: {} };
    case 'PaymentSucceeded':
      return { summary: 'Payment succeeded', data: { paidAt: event.data.paidAt } };
    case 'PaymentFailed':
      return { summary: `Payment failed: ${event.data.reason}`, data: { reason: event.data.reason } };
    case 'OrderCancelled':
      return { summary: `Order cancelled: ${event.data.reason}`, data: { reason: event.data.reason } };
    case 'OrderDelivered':
      return { summary: `Delivered ${event.data.files.length} file${event.data.files.length === 1 ? '' : 's'}`, data: { files: event.data.files.length } };
    case 'OrderRefunded':
      return { summary: `Refunded: ${event.data.reason}`, data: { reason: event.data.reason } };
  }
}

const isCartStream = (streamId: string) => streamId.startsWith('cart-');
const isOrderStream = (streamId: string) => streamId.startsWith('order-');

/**
 * A session's domain events as the support timeline and export show them, in commit order. Cart
 * and order events are decoded with their codecs and folded with their deciders as they go, so
 * each carries the state its stream was in after it (`cart`: the product ids; `status` and
 * `total` of an order): the server's side at any moment is the last event of each stream before
 * it, in a live session and in an imported file alike. Any other stream's event (the account's)
 * shows only its type, since its data is the buyer's personal details.
 */
export function supportEventViews(history: readonly RecordedEvent[], names: ProductNames = new Map()): SupportEvent[] {
  const carts = new Map<string, CartState>();
  const orders = new Map<string, OrderState>();
  return history.map((event) => {
    const base = { position: event.position, at: event.recordedAt, streamId: event.streamId, type: event.type };
    if (isCartStream(event.streamId)) {
      const decoded = cartDecider.codec.decode(event);
      const cart = cartDecider.evolve(carts.get(event.streamId) ?? cartDecider.initialState(), decoded);
      carts.set(event.streamId, cart);
      const shown = cartView(decoded, names);
      return { ...base, summary: shown.summary, data: { ...shown.data, cart: cart.lines.map((line) => line.productId).join(',') } };
    }
    if (isOrderStream(event.streamId)) {
      const decoded = orderDecider.codec.decode(event);
      const order = orderDecider.evolve(orders.get(event.streamId) ?? orderDecider.initialState(), decoded);
      orders.set(event.streamId, order);
      const shown = orderView(decoded);
      const folded: SupportEvent['data'] = order.status === 'none' ? {} : { orderId: order.placement.orderId, status: order.status, total: order.placement.totalCents / 100 };
      return { ...base, summary: shown.summary, data: { ...shown.data, ...folded } };
    }
    return { ...base, summary: event.type.replace(/([a-z])([A-Z])/g, '$1 $2'), data: {} };
  });
}
