import { useEffect, useMemo, useRef, useState } from 'react';
import { parseBeatsQuery } from '../../../shared/domain/catalogue/beatsQuery';
import { beatsMoreRequested, selectBeats } from '../../../shared/features/catalogue/catalogueSlice';
import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
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

/** /beats: the filter panel (behind a Filters button below 1280 px) and the paged list. */
export function BeatsPage() {
  const dispatch = useAppDispatch();
  const { search } = useAppSelector(selectLocation);
  const beats = useAppSelector(selectBeats);
  const filters = useMemo(() => parseBeatsQuery(search), [search]);
  const [panelOpen, setPanelOpen] = useState(false);
  const more = !beats.fullyLoaded && beats.tracks.length > 0;
  const sentinel = useLoadMoreWhenVisible(more && beats.status === 'idle');
  return (
    <main className="beats-page">
      <h1>Shop</h1>
      <button type="button" className="filter-panel__toggle" aria-expanded={panelOpen} aria-controls="filter-panel" onClick={() => setPanelOpen(!panelOpen)}>
        Filters
      </button>
      <div className="beats-page__layout">
        <aside id="filter-panel" className="filter-panel" data-open={panelOpen} aria-label="Filters">
          <FilterPanel filters={filters} />
        </aside>
        <section className="beats-page__results" aria-label="Beats">
          {beats.tracks.length === 0 ? (
            <p>No beats match these filters.</p>
          ) : (
            <TrackList tracks={beats.tracks} label="Beats" />
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
