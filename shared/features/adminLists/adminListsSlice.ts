import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AdminBuyerDetail,
  AdminBuyerPage,
  AdminOrderDetail,
  AdminOrderPage,
  AdminProducerDetail,
  AdminProducerPage,
  AdminTrackDetail,
  AdminTrackPage,
} from '../../schemas/adminLists';
import { loggedOut } from '../auth/authSlice';

/** The lists of the admin site, each page as the server sent it. */
export interface AdminListPages {
  buyers: AdminBuyerPage;
  producers: AdminProducerPage;
  tracks: AdminTrackPage;
  orders: AdminOrderPage;
}
export type AdminListName = keyof AdminListPages;
/** One list's page, named, so a page can only land in its own list. */
export type LoadedList = { [Name in AdminListName]: { list: Name; page: AdminListPages[Name] } }[AdminListName];

/** What an admin does on a detail page, one at a time: a refund, a block, an unblock, a moderator role given or taken. */
export type AdminAction = { kind: 'refund'; orderId: string } | { kind: 'block' | 'unblock' | 'grantModerator' | 'revokeModerator'; userId: number };

export interface AdminListsState {
  lists: { [Name in AdminListName]: AdminListPages[Name] | null };
  /** The server's words when it refused a list's search (a bad date, a page out of range): shown above the form. */
  refusedSearch: string | null;
  buyer: AdminBuyerDetail | null;
  producer: AdminProducerDetail | null;
  track: AdminTrackDetail | null;
  order: AdminOrderDetail | null;
  /** The action on its way; the buttons wait for it. */
  acting: AdminAction | null;
  /** What the last action did, for the page's status region. */
  status: string | null;
}

const initialState: AdminListsState = {
  lists: { buyers: null, producers: null, tracks: null, orders: null },
  refusedSearch: null,
  buyer: null,
  producer: null,
  track: null,
  order: null,
  acting: null,
  status: null,
};

const adminListsSlice = createSlice({
  name: 'adminLists',
  initialState,
  reducers: {
    listLoaded(state, action: PayloadAction<LoadedList>) {
      const loaded = action.payload;
      switch (loaded.list) {
        case 'buyers':
          state.lists.buyers = loaded.page;
          break;
        case 'producers':
          state.lists.producers = loaded.page;
          break;
        case 'tracks':
          state.lists.tracks = loaded.page;
          break;
        case 'orders':
          state.lists.orders = loaded.page;
          break;
        default: {
          const unknownList: never = loaded;
          return unknownList;
        }
      }
      state.refusedSearch = null;
    },
    listSearchRefused(state, action: PayloadAction<{ list: AdminListName; message: string }>) {
      state.lists[action.payload.list] = null;
      state.refusedSearch = action.payload.message;
    },
    buyerLoaded(state, action: PayloadAction<AdminBuyerDetail>) {
      state.buyer = action.payload;
      state.status = null;
    },
    producerLoaded(state, action: PayloadAction<AdminProducerDetail>) {
      state.producer = action.payload;
      state.status = null;
    },
    trackLoaded(state, action: PayloadAction<AdminTrackDetail>) {
      state.track = action.payload;
    },
    orderLoaded(state, action: PayloadAction<AdminOrderDetail>) {
      state.order = action.payload;
      state.status = null;
    },
    adminActionRequested(state, action: PayloadAction<AdminAction>) {
      state.acting ??= action.payload;
    },
    adminActionDone(state, action: PayloadAction<{ message: string }>) {
      state.acting = null;
      state.status = action.payload.message;
    },
    adminActionFailed(state) {
      state.acting = null;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectRefusedSearch: (state) => state.refusedSearch,
    selectAdminBuyer: (state) => state.buyer,
    selectAdminProducer: (state) => state.producer,
    selectAdminTrack: (state) => state.track,
    selectAdminOrder: (state) => state.order,
    selectAdminActing: (state) => state.acting,
    selectAdminStatus: (state) => state.status,
  },
});

export const { listLoaded, listSearchRefused, buyerLoaded, producerLoaded, trackLoaded, orderLoaded, adminActionRequested, adminActionDone, adminActionFailed } =
  adminListsSlice.actions;
export const {
  selectRefusedSearch,
  selectAdminBuyer,
  selectAdminProducer,
  selectAdminTrack,
  selectAdminOrder,
  selectAdminActing,
  selectAdminStatus,
} = adminListsSlice.selectors;
export default adminListsSlice;

/** One list's page, typed by its name. */
export const selectAdminList = <Name extends AdminListName>(state: { adminLists: AdminListsState }, list: Name): AdminListsState['lists'][Name] => state.adminLists.lists[list];
