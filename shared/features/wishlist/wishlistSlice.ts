import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/authSlice';
import type { WishlistEntry } from '../../schemas/wishlist';

/** The products on the member's wishlist (SPEC §3 "Wishlist entry" keyed by product id). */
export interface WishlistState {
  productIds: number[];
  loaded: boolean;
  /**
   * Hearts changed here whose request has not been answered yet, by product id: a reload that
   * lands meanwhile keeps them as the member left them instead of flipping them back.
   */
  pending: Record<number, 'add' | 'remove'>;
}

const initialState: WishlistState = { productIds: [], loaded: false, pending: {} };

export interface WishlistToggle {
  productId: number;
  /** For the toast's words; the heart button knows it. */
  productName: string | null;
}

const add = (state: WishlistState, productId: number) => {
  if (!state.productIds.includes(productId)) state.productIds.push(productId);
};
const remove = (state: WishlistState, productId: number) => {
  state.productIds = state.productIds.filter((id) => id !== productId);
};

const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {
    /** The heart: a guest gets the login popup, a member an optimistic add or remove (SPEC §4). */
    wishlistToggleRequested: {
      reducer(_state, _action: PayloadAction<WishlistToggle>) {},
      prepare: (productId: number, productName?: string) => ({ payload: { productId, productName: productName ?? null } }),
    },
    /** Optimistic: shown at once, before the server answers. */
    wishlistAddStarted(state, action: PayloadAction<number>) {
      add(state, action.payload);
      state.pending[action.payload] = 'add';
    },
    wishlistRemoveStarted(state, action: PayloadAction<number>) {
      remove(state, action.payload);
      state.pending[action.payload] = 'remove';
    },
    /** The server has the change (or had it already): the heart is what the server says from now on. */
    wishlistChangeSettled(state, action: PayloadAction<number>) {
      delete state.pending[action.payload];
    },
    /** The add failed (other than 403): the heart empties again. */
    wishlistAddRolledBack(state, action: PayloadAction<number>) {
      remove(state, action.payload);
      delete state.pending[action.payload];
    },
    /** The removal failed (other than 404): the heart fills again. */
    wishlistRemoveRolledBack(state, action: PayloadAction<number>) {
      add(state, action.payload);
      delete state.pending[action.payload];
    },
    wishlistReloadRequested() {},
    wishlistLoaded(state, action: PayloadAction<WishlistEntry[]>) {
      state.productIds = action.payload.map((entry) => entry.productId);
      for (const [productId, change] of Object.entries(state.pending)) (change === 'add' ? add : remove)(state, Number(productId));
      state.loaded = true;
    },
  },
  extraReducers: (builder) => {
    // SPEC §4: logout clears the wishlist.
    builder.addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectWishlist: (state) => state,
    selectIsInWishlist: (state, productId: number) => state.productIds.includes(productId),
  },
});

export const {
  wishlistToggleRequested,
  wishlistAddStarted,
  wishlistRemoveStarted,
  wishlistAddRolledBack,
  wishlistRemoveRolledBack,
  wishlistChangeSettled,
  wishlistReloadRequested,
  wishlistLoaded,
} = wishlistSlice.actions;
export const { selectWishlist, selectIsInWishlist } = wishlistSlice.selectors;
export default wishlistSlice;
