import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BeatsFilters } from '../../domain/catalogue/beatsQuery';
import type { Genre, Mood, Track } from '../../schemas/track';

/** Home sections: 7 tracks of each category (SPEC §2). */
export const HOME_CATEGORIES = [
  { category: 'new', title: 'New beats' },
  { category: 'supersale', title: 'Super Sale' },
  { category: 'premium', title: 'Premium' },
  { category: 'all', title: 'All beats' },
] as const;
export type HomeCategory = (typeof HOME_CATEGORIES)[number]['category'];

export interface BeatsListState {
  /** The /beats query string this list was loaded for. */
  search: string;
  tracks: Track[];
  status: 'idle' | 'loading';
  /** An empty page came back: there is nothing more to load. */
  fullyLoaded: boolean;
}

export interface CatalogueState {
  home: Partial<Record<HomeCategory, Track[]>>;
  beats: BeatsListState;
  genres: Genre[];
  moods: Mood[];
}

const initialState: CatalogueState = {
  home: {},
  beats: { search: '', tracks: [], status: 'idle', fullyLoaded: false },
  genres: [],
  moods: [],
};

const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState,
  reducers: {
    homeTracksLoaded(state, action: PayloadAction<{ category: HomeCategory; tracks: Track[] }>) {
      state.home[action.payload.category] = action.payload.tracks;
    },
    /** The visitor changed a filter; the URL follows and the list reloads. */
    beatsFiltersChanged(_state, _action: PayloadAction<BeatsFilters>) {},
    beatsPageLoaded(state, action: PayloadAction<{ search: string; tracks: Track[] }>) {
      state.beats = { search: action.payload.search, tracks: action.payload.tracks, status: 'idle', fullyLoaded: action.payload.tracks.length === 0 };
    },
    beatsMoreRequested(state) {
      if (!state.beats.fullyLoaded) state.beats.status = 'loading';
    },
    /** The next page is appended without the tracks already shown; an empty page ends the list. */
    beatsMoreLoaded(state, action: PayloadAction<{ search: string; tracks: Track[] }>) {
      if (action.payload.search !== state.beats.search) return;
      const shown = new Set(state.beats.tracks.map((track) => track.id));
      state.beats.tracks.push(...action.payload.tracks.filter((track) => !shown.has(track.id)));
      state.beats.status = 'idle';
      if (action.payload.tracks.length === 0) state.beats.fullyLoaded = true;
    },
    beatsMoreFailed(state) {
      state.beats.status = 'idle';
    },
    genresLoaded(state, action: PayloadAction<Genre[]>) {
      state.genres = action.payload;
    },
    moodsLoaded(state, action: PayloadAction<Mood[]>) {
      state.moods = action.payload;
    },
  },
  selectors: {
    /**
     * Memoized per section: a section not loaded yet must give the same empty list every time,
     * or each of its components re-renders on every store change (each player tick).
     */
    selectHomeSection: createSelector(
      [(state: CatalogueState) => state.home, (_state: CatalogueState, category: HomeCategory) => category],
      (home, category): Track[] => home[category] ?? [],
    ),
    selectBeats: (state) => state.beats,
    selectGenres: (state) => state.genres,
    selectMoods: (state) => state.moods,
  },
});

export const {
  homeTracksLoaded,
  beatsFiltersChanged,
  beatsPageLoaded,
  beatsMoreRequested,
  beatsMoreLoaded,
  beatsMoreFailed,
  genresLoaded,
  moodsLoaded,
} = catalogueSlice.actions;
export const { selectHomeSection, selectBeats, selectGenres, selectMoods } = catalogueSlice.selectors;
export default catalogueSlice;
