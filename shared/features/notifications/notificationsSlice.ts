import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** SPEC §2 "Notification toast" variants. */
export type NotificationKind = 'wishlist' | 'cart' | 'copy';

export interface Notification {
  id: string;
  kind: NotificationKind;
  /** What the toast says, e.g. the product's name and what happened to it. */
  message: string;
}

export interface ErrorToast {
  id: string;
  message: string;
}

/**
 * Toasts. Showing one is an action with its id made in `prepare` (so replay is deterministic);
 * the notifications saga owns the timers that hide them (SPEC §4 "Notifications").
 */
export interface NotificationsState {
  notification: Notification | null;
  errorToast: ErrorToast | null;
  /** The pointer is over the error toast, which keeps it open. */
  errorToastHovered: boolean;
}

const initialState: NotificationsState = { notification: null, errorToast: null, errorToastHovered: false };

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notificationShown: {
      reducer(state, action: PayloadAction<Notification>) {
        state.notification = action.payload;
      },
      prepare: (kind: NotificationKind, message: string) => ({ payload: { id: nanoid(), kind, message } }),
    },
    notificationHidden(state, action: PayloadAction<string>) {
      if (state.notification?.id === action.payload) state.notification = null;
    },
    errorToastShown: {
      reducer(state, action: PayloadAction<ErrorToast>) {
        state.errorToast = action.payload;
      },
      prepare: (message: string) => ({ payload: { id: nanoid(), message } }),
    },
    errorToastHovered(state, action: PayloadAction<boolean>) {
      state.errorToastHovered = action.payload;
    },
    errorToastHidden(state, action: PayloadAction<string>) {
      if (state.errorToast?.id === action.payload) {
        state.errorToast = null;
        state.errorToastHovered = false;
      }
    },
  },
  selectors: {
    selectNotification: (state) => state.notification,
    selectErrorToast: (state) => state.errorToast,
    selectErrorToastHovered: (state) => state.errorToastHovered,
  },
});

export const { notificationShown, notificationHidden, errorToastShown, errorToastHovered, errorToastHidden } =
  notificationsSlice.actions;
export const { selectNotification, selectErrorToast, selectErrorToastHovered } = notificationsSlice.selectors;
export default notificationsSlice;
