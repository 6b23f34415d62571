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
 * SPEC §2 "Notification toast" (wishlist, cart, copy) and the error toast (top-left, kept while
 * hovered). The notifications saga owns their timers; the live regions are always in the page so
 * screen readers announce what appears in them.
 */
export function Toasts() {
  const dispatch = useAppDispatch();
  const notification = useAppSelector(selectNotification);
  const errorToast = useAppSelector(selectErrorToast);
  const onCartPage = useAppSelector(selectRouteName) === 'cart';
  const cartOpen = useAppSelector(selectIsCartDropdownOpen);
  // The cart toast is not shown on the cart page (SPEC §2), nor over the open cart dropdown that already lists the item.
  const shown = notification && !(notification.kind === 'cart' && (onCartPage || cartOpen)) ? notification : null;
  return (
    <>
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
    </>
  );
}
