import { type ReactNode, useEffect, useId, useRef } from 'react';
import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
import { useAppSelector } from '../../store/hooks';
import { useScrollLockBelow } from '../shell/scrollLock';
import { pushPopup, topPopup } from './popupStack';

const FOCUSABLE = 'input, button, a[href], select, textarea, [tabindex="0"]';

/**
 * A modal dialog: labelled by its title, joins the popup stack, closes on Escape (the topmost
 * only) and when the page's path changes, keeps focus inside while open and gives it back to
 * where it was when closed. Page scroll is locked while it is open, or only below
 * `lockScrollBelowPx` (the payment form: 1440, the PRO purchase: 1024).
 */
export function Popup({
  title,
  onClose,
  children,
  lockScrollBelowPx,
  className,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  lockScrollBelowPx?: number;
  className?: string;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  useScrollLockBelow(true, lockScrollBelowPx);

  // Leaving the page closes every popup (SPEC §4), also those kept in component state.
  const { pathname } = useAppSelector(selectLocation);
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedOn.current) latestClose.current();
  }, [pathname]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const leave = pushPopup(element);
    const previous = document.activeElement as HTMLElement | null;
    // The first field when there is one (not the close icon, which comes first in the markup).
    (element.querySelector<HTMLElement>('input, select, textarea') ?? element.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (topPopup() !== element || !dialog.current) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        latestClose.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!dialog.current.contains(document.activeElement)) {
        event.preventDefault();
        first?.focus();
      } else if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      leave();
      if (previous?.isConnected) previous.focus();
    };
  }, [title]);

  return (
    <div className="popup-backdrop">
      <div className={className ? `popup ${className}` : 'popup'} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialog}>
        <button type="button" className="popup__close" aria-label="Close" onClick={() => latestClose.current()}>
          ×
        </button>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}

export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="error-banner" role="alert">
      <span>{message}</span>
      <button type="button" aria-label="Dismiss error" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
