import { useEffect, useState } from 'react';

/**
 * Page scroll is locked while any popup or panel is open (SPEC §4). Locks are counted, so
 * stacked popups and panels share one lock; the last release restores what the page had.
 */
let locks = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

export function lockScroll(): () => void {
  const body = document.body;
  if (locks === 0) {
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // Keep the layout from shifting when the scrollbar disappears.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0 && saved) {
      body.style.overflow = saved.overflow;
      body.style.paddingRight = saved.paddingRight;
      saved = null;
    }
  };
}

/** Locks page scroll while `active`. Effects only: the server render never touches the page. */
export function useScrollLock(active: boolean): void {
  useEffect(() => (active ? lockScroll() : undefined), [active]);
}

/**
 * Whether a CSS media query matches. False during the server render and hydration (no window
 * then), the real answer right after; layout itself uses CSS media queries, this is for behaviour.
 */
export function useMediaQuery(query: string | null): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    if (query === null || typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    setMatches(list.matches);
    const onChange = () => setMatches(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

/**
 * Locks page scroll while `active` and, given `belowPx`, only while the window is narrower than
 * that (the payment form below 1440 px, the PRO purchase below 1024 px).
 */
export function useScrollLockBelow(active: boolean, belowPx?: number): void {
  const narrow = useMediaQuery(belowPx === undefined ? null : `(max-width: ${belowPx - 1}px)`);
  useScrollLock(active && (belowPx === undefined || narrow));
}
