/** When the browser reports no paint at all (a page it never shows), the work starts anyway. */
const NO_PAINT_REPORTED_MS = 1000;

/**
 * Runs `run` in a task of its own once the browser reports the page's first contentful paint: at
 * once in a tab that paints nothing (a background one) or a browser without paint timing, and
 * after a second if no paint is reported.
 */
export function afterFirstContentfulPaint(run: () => void): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    // A task of its own, after the observer's callback.
    setTimeout(run, 0);
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const supported = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (document.visibilityState === 'hidden' || !supported || painted()) return start();
  observer = new PerformanceObserver(() => {
    if (painted()) start();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(start, NO_PAINT_REPORTED_MS);
}
