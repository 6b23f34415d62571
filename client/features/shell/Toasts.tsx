import { selectIsCartDropdownOpen } from '../../../shared/features/cart/cartSlice';
import { selectRouteName } from '../../../shared/features/navigation/navigationSlice';
import {
  errorToastHidden,
  errorToastHovered,
  notificationHidden,
  selectErrorToast,
  selectNotification,
} from '../../../shared/features/notifications/notificationsSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/**
 * SPEC §2 "Notification toast" (wishlist, cart, copy). The notifications saga owns the timers; the
 * live region is always in the page so screen readers announce what appears in it.
 */
export function NotificationToast() {
  const dispatch = useAppDispatch();
  const notification = useAppSelector(selectNotification);
  const onCartPage = useAppSelector(selectRouteName) === 'cart';
  const cartOpen = useAppSelector(selectIsCartDropdownOpen);
  // The cart toast is not shown on the cart page (SPEC §2), nor over the open cart dropdown that already lists the item.
  const shown = notification && !(notification.kind === 'cart' && (onCartPage || cartOpen)) ? notification : null;
  return (
    <div className="toast-region toast-region--notification" role="status" aria-live="polite">
      {shown && (
        <div className={`toast toast--${shown.kind}`} data-kind={shown.kind}>
          <span>{shown.message}</span>
          <button type="button" className="toast__close" aria-label="Close notification" onClick={() => dispatch(notificationHidden(shown.id))}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * SPEC §8 error toast: 5 s, top-left, kept while hovered. The shell places it right after the
 * header, which it follows down the page (CSS), so it covers neither the logo nor the menu.
 */
export function ErrorToast() {
  const dispatch = useAppDispatch();
  const errorToast = useAppSelector(selectErrorToast);
  return (
    <div className="toast-region toast-region--error" role="alert" aria-live="assertive">
      {errorToast && (
        <div
          className="toast toast--error"
          onMouseEnter={() => dispatch(errorToastHovered(true))}
          onMouseLeave={() => dispatch(errorToastHovered(false))}
        >
          <span>{errorToast.message}</span>
          <button type="button" className="toast__close" aria-label="Close error" onClick={() => dispatch(errorToastHidden(errorToast.id))}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
