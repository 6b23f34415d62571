import { useEffect, useMemo, useRef } from 'react';
import { type BeatsFilters, DEFAULT_FILTERS, parseBeatsQuery, writeBeatsQuery } from '../../../shared/domain/catalogue/beatsQuery';
import { beatsFiltersChanged, beatsMoreRequested, selectBeats } from '../../../shared/features/catalogue/catalogueSlice';
import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
import { panelClosed, selectPanel } from '../../../shared/features/shell/shellSlice';
import { LAYOUT_PX } from '../../../shared/domain/constants';
import { useScrollLockBelow } from '../shell/scrollLock';
import { usePanelEscape } from '../shell/Panel';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { TagChips } from '../tagSearch/TagChips';
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

/**
 * The list is empty: say so, and when filters caused it, offer to clear them all (the sort stays,
 * it hides nothing).
 */
function NoBeats({ filters }: { filters: BeatsFilters }) {
  const cleared = writeBeatsQuery({ ...DEFAULT_FILTERS, sortby: filters.sortby });
  return (
    <div className="beats-page__none">
      <p>No beats match these filters.</p>
      {writeBeatsQuery(filters) !== cleared && (
        <Link href={`/beats${cleared}`} className="beats-page__clear">
          Clear all filters
        </Link>
      )}
    </div>
  );
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
          {/* Below 1280 px the header's tag search is an overlay: the tags it set stay in view here. */}
          {filters.tags.length > 0 && (
            <TagChips
              tags={filters.tags}
              label="Active tags"
              className="beats-page__active-tags"
              onRemove={(tag) => dispatch(beatsFiltersChanged({ ...filters, tags: filters.tags.filter((chosen) => chosen !== tag) }))}
            />
          )}
          {beats.tracks.length === 0 ? (
            <NoBeats filters={filters} />
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
