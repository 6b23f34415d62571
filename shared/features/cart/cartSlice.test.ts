import { loggedOut } from '../auth/authSlice';
import { orderSucceeded } from '../checkout/checkoutSlice';
import { aCart, aCartItem, aCartProduct, anOrder } from '../../../test/helpers/cartFixtures';
import cartSlice, {
  cartAddFailed,
  cartAddRequested,
  cartCleared,
  cartLoaded,
  cartItemDropped,
  cartRemoveRequested,
  cartRowDropped,
  couponApplied,
  couponInputChanged,
  type CartState,
} from './cartSlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(cartSlice.reducer);

const beat = aCartProduct();
const pro = aCartProduct({ id: 90, name: 'PRO Membership', productType: 'promembership', genre: '' });
const names = (state: CartState) => state.items.map((item) => item.product.name);

describe('cart slice', () => {
  test('a reload keeps the placeholders of adds still on their way, PRO membership first', () => {
    const state = reduce(undefined, cartAddRequested({ product: beat }), cartAddRequested({ product: pro }), cartLoaded(aCart([aCartItem({ id: 5, name: 'Old Beat' })])));
    expect(names(state)).toEqual(['Loading', 'Old Beat', 'Loading']);
    expect(state.items.map((item) => item.id)).toEqual([90, 5, 11]);
  });

  test('a failed add removes only its own placeholder', () => {
    const state = reduce(undefined, cartLoaded(aCart([aCartItem(beat)])), cartAddRequested({ product: pro }), cartAddFailed(90));
    expect(names(state)).toEqual(['Night Drive']);
  });

  test('a placeholder cannot be removed, and a product being removed cannot be added again until it is gone', () => {
    const adding = reduce(undefined, cartAddRequested({ product: beat }), cartRemoveRequested(11));
    expect(adding.items[0]).toMatchObject({ isLoading: true, isRemovedFromCart: false });
    const removing = reduce(undefined, cartLoaded(aCart([aCartItem(beat)])), cartRemoveRequested(11), cartAddRequested({ product: beat }));
    expect(removing.items).toHaveLength(1);
    expect(removing.items[0]).toMatchObject({ isRemovedFromCart: true });
  });

  test('while its DELETE is on its way a removed row stays marked through a reload, and out once dropped; the answer frees the product', () => {
    const loaded = cartLoaded(aCart([aCartItem(beat), aCartItem(pro)]));
    const marked = reduce(undefined, loaded, cartRemoveRequested(11), loaded);
    expect(marked.items.map((item) => [item.id, item.isRemovedFromCart])).toEqual([[11, true], [90, false]]);
    const dropped = reduce(marked, cartRowDropped(11), loaded, cartAddRequested({ product: beat }));
    expect(dropped.items.map((item) => item.id)).toEqual([90]);
    const done = reduce(dropped, cartItemDropped(11), cartAddRequested({ product: beat }));
    expect(names(done)).toEqual(['PRO Membership', 'Loading']);
  });

  test('the applied coupon is the typed text lowercased and trimmed; an empty one is none', () => {
    expect(reduce(undefined, couponInputChanged('  Nova10 '), couponApplied())).toMatchObject({ appliedCoupon: 'nova10', couponInput: 'nova10' });
    expect(reduce(undefined, couponInputChanged('   '), couponApplied()).appliedCoupon).toBeNull();
  });

  test('a refused coupon is no longer applied; its code and reason stay until the next answer', () => {
    const refused = reduce(undefined, couponInputChanged('BOGUS2026'), couponApplied(), cartLoaded(aCart([aCartItem(beat)], { couponError: 'Coupon bogus2026 does not exist' })));
    expect(refused).toMatchObject({ appliedCoupon: null, couponInput: 'bogus2026', couponError: 'Coupon bogus2026 does not exist' });
    expect(reduce(refused, cartLoaded(aCart([aCartItem(beat)]))).couponError).toBeNull();
  });

  test('an emptied or a paid cart forgets its coupon', () => {
    const applied = reduce(undefined, couponInputChanged('nova10'), couponApplied(), cartLoaded(aCart([aCartItem(beat)])));
    expect(reduce(applied, cartLoaded(aCart([])))).toMatchObject({ appliedCoupon: null, couponInput: '' });
    expect(reduce(applied, cartCleared())).toMatchObject({ appliedCoupon: null, couponInput: '' });
    expect(reduce(applied, orderSucceeded(anOrder()))).toMatchObject({ appliedCoupon: null, couponInput: '', couponError: null });
  });

  test('logout clears the cart', () => {
    const state = reduce(undefined, cartLoaded(aCart([aCartItem(beat)])), couponInputChanged('x'), loggedOut());
    expect(state).toEqual(cartSlice.reducer(undefined, { type: 'init' }));
  });
});
