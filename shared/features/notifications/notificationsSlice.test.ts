import notificationsSlice, {
  errorToastHidden,
  errorToastHovered,
  errorToastShown,
  notificationHidden,
  notificationShown,
  selectErrorToast,
  selectErrorToastHovered,
  selectNotification,
  type NotificationsState,
} from './notificationsSlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(notificationsSlice.reducer);

const root = (state: NotificationsState) => ({ notifications: state });

describe('notifications slice', () => {
  test('a newer toast replaces the shown one, and the older one’s timer does not hide it', () => {
    const first = notificationShown('cart', 'Night Drive added to cart');
    const second = notificationShown('cart', 'Night Drive added to cart');
    expect(second.payload.id).not.toBe(first.payload.id);

    const state = reduce(undefined, first, second, notificationHidden(first.payload.id));
    expect(selectNotification(root(state))).toEqual({ id: second.payload.id, kind: 'cart', message: 'Night Drive added to cart' });
    expect(selectNotification(root(reduce(state, notificationHidden(second.payload.id))))).toBeNull();
  });

  test('hiding the error toast ends its hover; a stale hide leaves the newer toast and its hover alone', () => {
    const first = errorToastShown('Network error');
    const second = errorToastShown('Server error');
    const hovered = reduce(undefined, first, second, errorToastHovered(true), errorToastHidden(first.payload.id));
    expect(selectErrorToast(root(hovered))).toEqual({ id: second.payload.id, message: 'Server error' });
    expect(selectErrorToastHovered(root(hovered))).toBe(true);

    const hidden = reduce(hovered, errorToastHidden(second.payload.id));
    expect(selectErrorToast(root(hidden))).toBeNull();
    expect(selectErrorToastHovered(root(hidden))).toBe(false);
  });

  test('the toast and the error toast are hidden each by its own id only', () => {
    const toast = notificationShown('wishlist', 'Night Drive added to wishlist');
    const error = errorToastShown('Server error');
    const state = reduce(undefined, toast, error, notificationHidden(error.payload.id), errorToastHidden(toast.payload.id));
    expect(selectNotification(root(state))?.id).toBe(toast.payload.id);
    expect(selectErrorToast(root(state))?.id).toBe(error.payload.id);
  });
});
