import { useEffect, useMemo, useRef } from 'react';
import { parseBeatsQuery } from '../../../shared/domain/catalogue/beatsQuery';
import { beatsMoreRequested, selectBeats } from '../../../shared/features/catalogue/catalogueSlice';
import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
import { panelClosed, selectPanel } from '../../../shared/features/shell/shellSlice';
import { LAYOUT_PX } from '../../../shared/domain/constants';
import { useScrollLockBelow } from '../shell/scrollLock';
import { usePanelEscape } from '../shell/Panel';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { FilterPanel } from './FilterPanel';
import { TrackList } from './TrackCard';

/** Asks for the next page when the end of the list scrolls into view. */
function useLoadMoreWhenVisible(enabled: boolean) {
  const dispatch = useAppDispatch();
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) dispatch(beatsMoreRequested());
    }, { rootMargin: '400px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [dispatch, enabled]);
  return sentinel;
}

/** /beats: the filter panel (a column from 1280 px, the filter panel below) and the paged list. */
export function BeatsPage() {
  const dispatch = useAppDispatch();
  const { search } = useAppSelector(selectLocation);
  const beats = useAppSelector(selectBeats);
  const filters = useMemo(() => parseBeatsQuery(search), [search]);
  // Below 1280 px the filters are the shell's filter panel, opened by the header's Filters button.
  const panelOpen = useAppSelector(selectPanel) === 'filter';
  useScrollLockBelow(panelOpen, LAYOUT_PX.desktopMinWidth);
  usePanelEscape(panelOpen);
  const more = !beats.fullyLoaded && beats.tracks.length > 0;
  const sentinel = useLoadMoreWhenVisible(more && beats.status === 'idle');
  return (
    <main className="beats-page">
      <h1>Shop</h1>
      <div className="beats-page__layout">
        <aside id="filter-panel" className="filter-panel" data-open={panelOpen} aria-label="Filters">
          <button type="button" className="panel__close filter-panel__close" aria-label="Close filters" onClick={() => dispatch(panelClosed())}>
            ×
          </button>
          <FilterPanel filters={filters} />
        </aside>
        <section className="beats-page__results" aria-label="Beats">
          {beats.tracks.length === 0 ? (
            <p>No beats match these filters.</p>
          ) : (
            <TrackList tracks={beats.tracks} label="Beats" priorityCount={4} />
          )}
          {more && (
            <div ref={sentinel} className="beats-page__more">
              <button type="button" onClick={() => dispatch(beatsMoreRequested())} disabled={beats.status === 'loading'}>
                {beats.status === 'loading' ? 'Loading…' : 'Load more beats'}
              </button>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}
