import { type ReactNode, useEffect, useId, useRef } from 'react';
import { panelClosed } from '../../../shared/features/shell/shellSlice';
import { useAppDispatch, useAppStore } from '../../store/hooks';
import { anyPopupOpen } from '../popup/popupStack';
import { useScrollLock } from './scrollLock';

/** Escape closes the open panel, unless a popup is over it (the popup closes first). */
export function usePanelEscape(active: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !anyPopupOpen()) dispatch(panelClosed());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, dispatch]);
}

/**
 * A tablet panel (SPEC §2): a sheet over the page above the footer bar. Page scroll is locked
 * while it is open; Escape (when no popup is over it) and the close button close it.
 */
export function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const sheet = useRef<HTMLElement>(null);
  const store = useAppStore();
  useScrollLock(true);
  usePanelEscape(true);
  useEffect(() => {
    // Focus moves into the panel (to a field that asks for it, else the first control), and back to what opened it when it closes. Not when a link in it
    // led to another page: the new page starts at its top, and focusing the opener (the footer's
    // "Menu and blog") would scroll it down to the footer.
    const opener = document.activeElement as HTMLElement | null;
    const openedOn = store.getState().navigation.pathname;
    const first = sheet.current?.querySelector<HTMLElement>('[data-autofocus]') ?? sheet.current?.querySelector<HTMLElement>('a[href], button, input');
    first?.focus();
    return () => {
      if (opener?.isConnected && store.getState().navigation.pathname === openedOn) opener.focus();
    };
  }, [store]);
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={titleId} ref={sheet}>
      <div className="panel__head">
        <h2 id={titleId} className="panel__title">
          {title}
        </h2>
        <button type="button" className="panel__close" aria-label={`Close ${title.toLowerCase()}`} onClick={() => dispatch(panelClosed())}>
          ×
        </button>
      </div>
      {children}
    </section>
  );
}
