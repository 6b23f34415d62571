import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/authSlice';
import { orderSucceeded } from '../checkout/checkoutSlice';
import type { Cart, CartItem, CartProduct } from '../../schemas/cart';

/**
 * What a cart button hands over: a track card's Track, the product page's Product or a cart
 * row's CartProduct all fit. Missing fields fill the 'Loading' placeholder with neutral values.
 */
export type CartProductInput = Pick<CartProduct, 'id' | 'name' | 'productType' | 'genre' | 'finalPrice'> &
  Partial<Pick<CartProduct, 'coverImageSrc' | 'previewTrackSrc' | 'projectFilePrice' | 'isSold'>> & {
    producer?: Omit<CartProduct['producer'], 'avatarSrc'> & { avatarSrc?: string | null };
  };

export interface CartAddRequest {
  product: CartProductInput;
  includeProjectFile?: boolean;
}

/** A cart row; `isLoading` marks the 'Loading' placeholder shown while an add is on its way. */
export type CartRow = CartItem & { isLoading?: boolean };

/** SPEC §3 "Cart" plus what the storefront keeps around it (SPEC §4, §5). */
export interface CartState extends Omit<Cart, 'items'> {
  items: CartRow[];
  /** The server's cart has been read at least once (SSR or browser). */
  loaded: boolean;
  /** A reload is on its way. */
  isLoading: boolean;
  /** Products with an add, removal or project-file change on its way. */
  pendingProductIds: number[];
  /** The coupon field as typed; it is lowercased when applied (SPEC §5). */
  couponInput: string;
  /** The coupon sent with every reload and with the order, lowercased; null for none. */
  appliedCoupon: string | null;
  isDropdownOpen: boolean;
}

export const PLACEHOLDER_NAME = 'Loading';

const emptyTotals: Omit<Cart, 'items'> = {
  serviceFeeFixed: 0,
  serviceFeePercentage: 0,
  subTotal: 0,
  subTotalWithoutCoupon: 0,
  discount: 0,
  total: 0,
  coupon: null,
  couponError: null,
};

const initialState: CartState = {
  ...emptyTotals,
  items: [],
  loaded: false,
  isLoading: false,
  pendingProductIds: [],
  couponInput: '',
  appliedCoupon: null,
  isDropdownOpen: false,
};

function placeholderRow({ product, includeProjectFile = false }: CartAddRequest): CartRow {
  const isProMembership = product.productType === 'promembership';
  return {
    id: product.id,
    product: {
      id: product.id,
      name: PLACEHOLDER_NAME,
      productType: product.productType,
      genre: product.genre,
      genres: [],
      samplePack: product.productType === 'samplepack',
      bpm: null,
      key: null,
      scale: null,
      coverImageSrc: product.coverImageSrc ?? null,
      previewTrackSrc: product.previewTrackSrc ?? null,
      previewTrackDuration: null,
      finalPrice: product.finalPrice,
      projectFilePrice: product.projectFilePrice ?? null,
      isSold: product.isSold ?? false,
      producer: product.producer
        ? { id: product.producer.id, artistName: product.producer.artistName, producerUrl: product.producer.producerUrl, avatarSrc: product.producer.avatarSrc ?? null }
        : { id: 0, artistName: '', producerUrl: '', avatarSrc: null },
    },
    includeProjectFile,
    active: true,
    price: product.finalPrice,
    isProMembership,
    isRemovedFromCart: false,
    isLoading: true,
  };
}

const forgetCoupon = (state: CartState) => {
  state.couponInput = '';
  state.appliedCoupon = null;
};

const withoutPending = (state: CartState, productId: number) => {
  state.pendingProductIds = state.pendingProductIds.filter((id) => id !== productId);
};

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** In the cart it is removed, otherwise added (SPEC §4); the cart saga decides which. */
    cartToggleRequested(_state, _action: PayloadAction<CartAddRequest>) {},
    /**
     * SPEC §4: the 'Loading' placeholder at once, PRO membership at the top, others at the end.
     * Ignored while the product is in the cart or has a change on its way.
     */
    cartAddRequested(state, action: PayloadAction<CartAddRequest>) {
      const productId = action.payload.product.id;
      if (state.items.some((item) => item.id === productId) || state.pendingProductIds.includes(productId)) return;
      const row = placeholderRow(action.payload);
      if (row.isProMembership) state.items.unshift(row);
      else state.items.push(row);
      state.pendingProductIds.push(productId);
    },
    cartAddSucceeded(state, action: PayloadAction<number>) {
      withoutPending(state, action.payload);
    },
    /** The answer was not ok or the call failed: the placeholder goes. */
    cartAddFailed(state, action: PayloadAction<number>) {
      withoutPending(state, action.payload);
      state.items = state.items.filter((item) => !(item.id === action.payload && item.isLoading));
    },
    /** SPEC §4: the row is marked removed at once, then dropped (cartItemDropped). */
    cartRemoveRequested(state, action: PayloadAction<number>) {
      const item = state.items.find((row) => row.id === action.payload);
      if (!item || item.isLoading || state.pendingProductIds.includes(item.id)) return;
      item.isRemovedFromCart = true;
      state.pendingProductIds.push(item.id);
    },
    /** SPEC §4: the row leaves the list 150 ms after the removal (the PRO membership at once); the DELETE may still be on its way. */
    cartRowDropped(state, action: PayloadAction<number>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    /** The server removed the item: the product is free for a new change. */
    cartItemDropped(state, action: PayloadAction<number>) {
      withoutPending(state, action.payload);
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    /** The server kept the item: the row comes back if it is still listed (the reload after brings it otherwise). */
    cartRemoveFailed(state, action: PayloadAction<number>) {
      withoutPending(state, action.payload);
      const item = state.items.find((row) => row.id === action.payload);
      if (item) item.isRemovedFromCart = false;
    },
    cartProjectFileChangeRequested(state, action: PayloadAction<{ productId: number; includeProjectFile: boolean }>) {
      const item = state.items.find((row) => row.id === action.payload.productId);
      if (!item || item.isLoading || item.isRemovedFromCart || state.pendingProductIds.includes(item.id)) return;
      item.includeProjectFile = action.payload.includeProjectFile;
      state.pendingProductIds.push(item.id);
    },
    cartProjectFileChangeFinished(state, action: PayloadAction<number>) {
      withoutPending(state, action.payload);
    },
    /**
     * `showCouponError`: a refused coupon becomes an error toast (SPEC §8, "when requested"): the
     * reload of a coupon this browser remembered, on a page without the coupon field.
     */
    cartReloadRequested: {
      reducer(state, _action: PayloadAction<{ showCouponError: boolean }>) {
        state.isLoading = true;
      },
      prepare: (options: { showCouponError?: boolean } = {}) => ({ payload: { showCouponError: options.showCouponError ?? false } }),
    },
    /**
     * Reload replaces all totals (SPEC §4); placeholders of adds still on their way stay, and a
     * removal on its way keeps its row marked, or out of the list once dropped: a product with a
     * change pending and no row is one whose row was dropped (adds and project-file changes have rows).
     * A refused coupon is forgotten: its reason shows once, beside the code as typed, and it is not
     * sent again. An empty cart forgets its coupon too: the next cart starts clean.
     */
    cartLoaded(state, action: PayloadAction<Cart>) {
      const { items, ...totals } = action.payload;
      const waiting = state.items.filter((item) => item.isLoading && !items.some((loaded) => loaded.id === item.id));
      const rows = new Map(state.items.map((item) => [item.id, item]));
      const listed = items.flatMap((item): CartRow[] => {
        if (!state.pendingProductIds.includes(item.id)) return [item];
        const row = rows.get(item.id);
        if (!row) return [];
        return [row.isRemovedFromCart ? { ...item, isRemovedFromCart: true } : item];
      });
      Object.assign(state, totals);
      state.items = [
        ...waiting.filter((item) => item.isProMembership),
        ...listed,
        ...waiting.filter((item) => !item.isProMembership),
      ];
      state.loaded = true;
      state.isLoading = false;
      if (totals.couponError !== null) state.appliedCoupon = null;
      if (state.items.length === 0) forgetCoupon(state);
    },
    /** The cart could not be read; the payload says why (the action log's reader sees it). */
    cartLoadFailed(state, _action: PayloadAction<string>) {
      state.isLoading = false;
    },
    cartClearRequested() {},
    /** The cart is empty: after CLEAR CART, and on logout (SPEC §4 "clears cart user data"). */
    cartCleared(state) {
      Object.assign(state, emptyTotals);
      state.items = [];
      state.pendingProductIds = [];
      forgetCoupon(state);
    },
    /** SPEC §5: editing the coupon clears its error. */
    couponInputChanged(state, action: PayloadAction<string>) {
      state.couponInput = action.payload;
      state.couponError = null;
    },
    /** Apply: the typed code, lowercased and trimmed, goes with every reload from now on. */
    couponApplied(state) {
      const code = state.couponInput.trim().toLowerCase();
      state.couponInput = code;
      state.appliedCoupon = code === '' ? null : code;
    },
    /** The coupon this browser applied before (saved by the cart saga), applied again after a page load. */
    couponRestored(state, action: PayloadAction<string>) {
      state.couponInput = action.payload;
      state.appliedCoupon = action.payload;
    },
    cartDropdownToggled(state) {
      state.isDropdownOpen = !state.isDropdownOpen;
    },
    cartDropdownClosed(state) {
      state.isDropdownOpen = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
    // A paid cart starts clean: its coupon was for that order.
    builder.addCase(orderSucceeded, (state) => {
      forgetCoupon(state);
      state.couponError = null;
    });
  },
  selectors: {
    selectCart: (state) => state,
    selectCartItems: (state) => state.items,
    /** The header's counter: rows being removed no longer count. */
    selectCartCount: (state) => state.items.filter((item) => !item.isRemovedFromCart).length,
    selectIsInCart: (state, productId: number) => state.items.some((item) => item.id === productId && !item.isRemovedFromCart),
    selectIsCartItemPending: (state, productId: number) => state.pendingProductIds.includes(productId),
    selectIsCartDropdownOpen: (state) => state.isDropdownOpen,
    selectAppliedCoupon: (state) => state.appliedCoupon,
    /** What a row's play button plays through: the products of the rows still for sale, in cart order. */
    selectCartPlayQueue: createSelector([(state: CartState) => state.items], (items) =>
      items.filter((item) => item.active && !item.isLoading && !item.isRemovedFromCart).map((item) => item.product),
    ),
  },
});

export const {
  cartToggleRequested,
  cartAddRequested,
  cartAddSucceeded,
  cartAddFailed,
  cartRemoveRequested,
  cartRowDropped,
  cartItemDropped,
  cartRemoveFailed,
  cartProjectFileChangeRequested,
  cartProjectFileChangeFinished,
  cartReloadRequested,
  cartLoaded,
  cartLoadFailed,
  cartClearRequested,
  cartCleared,
  couponInputChanged,
  couponApplied,
  couponRestored,
  cartDropdownToggled,
  cartDropdownClosed,
} = cartSlice.actions;
export const {
  selectCart,
  selectCartItems,
  selectCartCount,
  selectIsInCart,
  selectIsCartItemPending,
  selectIsCartDropdownOpen,
  selectAppliedCoupon,
  selectCartPlayQueue,
} = cartSlice.selectors;
export default cartSlice;
