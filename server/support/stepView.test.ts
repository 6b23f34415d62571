import type { SupportEvent } from '../../shared/schemas/support';
import { rootReducer, type RootState } from '../../shared/store/rootReducer';
import { stepView } from './stepView';

const INITIAL = rootReducer(undefined, { type: 'x' });
const row = (id: number, extra: Record<string, unknown> = {}) =>
  ({ id, product: { id, isSold: false }, includeProjectFile: false, active: true, price: 10, isProMembership: false, isRemovedFromCart: false, ...extra }) as unknown as RootState['cart']['items'][number];
const tab = (cart: Partial<RootState['cart']> = {}, checkout: Partial<RootState['checkout']> = {}): RootState => ({
  ...INITIAL,
  cart: { ...INITIAL.cart, loaded: true, ...cart },
  checkout: { ...INITIAL.checkout, ...checkout },
});
const cartEvent = (at: string, cart: string): SupportEvent => ({ position: 1, at, streamId: 'cart-guest-tab', type: 'CartItemAdded', summary: '', data: { cart } });
const orderEvent = (at: string, status: string): SupportEvent => ({ position: 2, at, streamId: 'order-1', type: 'PaymentSucceeded', summary: '', data: { orderId: 'order-1-uuid', status, total: 250 } });
const order = (status: string) => ({ id: 'order-1-uuid', status, total: 250 }) as unknown as RootState['checkout']['order'];
const T = (second: number) => `2026-11-24T18:00:${String(second).padStart(2, '0')}.000Z`;

describe('both sides at a step: settled states only', () => {
  test('an add still on its way is in flight, not a disagreement', () => {
    const adding = tab({ items: [row(145, { isLoading: true })], pendingProductIds: [145] });
    const view = stepView(3, T(3), adding, [], { cart: { at: T(1), state: tab() }, order: null });
    expect(view.mismatches).toEqual([]);
    expect(view.inFlight).toEqual(["A cart request is in flight (product 145): the browser has not heard the server's answer yet"]);
  });

  test('the browser is compared with the server as it was when the browser last read its cart', () => {
    const read = tab({ items: [row(145)] });
    const events = [cartEvent(T(2), '145')];
    expect(stepView(5, T(5), read, events, { cart: { at: T(3), state: read }, order: null })).toMatchObject({ mismatches: [], inFlight: [] });
    // The order emptied the server's cart after that read; the browser shows it once it reloads.
    const paid = stepView(9, T(9), read, [...events, cartEvent(T(8), '')], { cart: { at: T(3), state: read }, order: null });
    expect(paid.mismatches).toEqual([]);
    expect(paid.inFlight).toEqual(["The server's cart changed after the browser last read it (it holds nothing now); the browser shows the cart it read"]);
  });

  test('a real disagreement is still said: an answer the server’s events do not back, or a cart the browser changed on its own', () => {
    const read = tab({ items: [row(145)] });
    expect(stepView(5, T(5), read, [cartEvent(T(2), '146')], { cart: { at: T(3), state: read }, order: null }).mismatches).toEqual([
      "The browser's cart shows product 145; the server's cart held product 146",
    ]);
    const changed = tab({ items: [row(145), row(147)] });
    expect(stepView(6, T(6), changed, [cartEvent(T(2), '145')], { cart: { at: T(3), state: read }, order: null }).mismatches).toEqual([
      "The browser's cart shows products 145, 147; the server's cart held product 145",
    ]);
  });

  test('a payment on its way is in flight; an order the server settled after the browser read it is said as not heard', () => {
    const paying = tab({}, { status: 'submitting', order: order('pending') });
    expect(stepView(7, T(7), paying, [orderEvent(T(6), 'paid')], { cart: null, order: null })).toMatchObject({
      mismatches: [],
      inFlight: ["An order request is in flight (submitting): the browser has not heard the server's answer yet"],
    });
    const redirected = tab({}, { order: order('requires_action') });
    const events = [orderEvent(T(4), 'requires_action'), orderEvent(T(8), 'paid')];
    expect(stepView(9, T(9), redirected, events, { cart: null, order: { at: T(5), state: redirected } })).toMatchObject({
      mismatches: [],
      inFlight: ["The server's order order-1- is paid now; the browser last read it requires_action"],
    });
    expect(stepView(9, T(9), tab({}, { order: order('paid') }), events, { cart: null, order: { at: T(5), state: redirected } }).mismatches).toEqual([
      'The browser shows order order-1- as paid; the server had it requires_action',
    ]);
  });
});
