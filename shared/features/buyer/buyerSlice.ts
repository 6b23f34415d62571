import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FollowedProducer, SupportOrder } from '../../schemas/buyerPages';
import type { Track } from '../../schemas/track';
import { loggedOut } from '../auth/authSlice';

/** The data of the buyer's dashboard pages (`Following`, `Wishlist`, `Support`), each set by its page's preload. */
export interface BuyerState {
  following: FollowedProducer[] | null;
  /** Producers whose Unfollow is on its way to the server: their button waits. */
  unfollowing: number[];
  /** The wishlist's products as cards; which of them are still on it is the wishlist slice's. */
  wishlistTracks: Track[] | null;
  supportOrders: SupportOrder[] | null;
}

const initialState: BuyerState = { following: null, unfollowing: [], wishlistTracks: null, supportOrders: null };

const buyerSlice = createSlice({
  name: 'buyer',
  initialState,
  reducers: {
    /** The unfollows still being sent stay waiting: their answers free their buttons. */
    followingLoaded(state, action: PayloadAction<FollowedProducer[]>) {
      state.following = action.payload;
    },
    unfollowRequested(state, action: PayloadAction<number>) {
      if (!state.unfollowing.includes(action.payload)) state.unfollowing.push(action.payload);
    },
    /** The server took the unfollow: the producer leaves the list. */
    unfollowSucceeded(state, action: PayloadAction<number>) {
      state.unfollowing = state.unfollowing.filter((id) => id !== action.payload);
      state.following = state.following?.filter((producer) => producer.id !== action.payload) ?? null;
    },
    /** SPEC §8: a failed unfollow changes nothing. */
    unfollowFailed(state, action: PayloadAction<number>) {
      state.unfollowing = state.unfollowing.filter((id) => id !== action.payload);
    },
    wishlistPageLoaded(state, action: PayloadAction<Track[]>) {
      state.wishlistTracks = action.payload;
    },
    supportOrdersLoaded(state, action: PayloadAction<SupportOrder[]>) {
      state.supportOrders = action.payload;
    },
  },
  // What one account saw is not left in the page for whoever uses the browser next.
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectFollowing: (state) => state.following,
    selectIsUnfollowing: (state, producerId: number) => state.unfollowing.includes(producerId),
    selectWishlistTracks: (state) => state.wishlistTracks,
    selectSupportOrders: (state) => state.supportOrders,
  },
});

export const { followingLoaded, unfollowRequested, unfollowSucceeded, unfollowFailed, wishlistPageLoaded, supportOrdersLoaded } = buyerSlice.actions;
export const { selectFollowing, selectIsUnfollowing, selectWishlistTracks, selectSupportOrders } = buyerSlice.selectors;
export default buyerSlice;
