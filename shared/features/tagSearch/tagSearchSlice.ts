import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { parseBeatsQuery, TAG_PATTERN } from '../../domain/catalogue/beatsQuery';
import { TAGS } from '../../domain/constants';
import type { NavigationState } from '../navigation/navigationSlice';

/** SPEC §3 "Filter state… Tags": what the header's tag search has typed and can suggest. */
export interface TagSearchState {
  /** The text in the tag search input. */
  value: string;
  /** GET /tags/top, loaded once; null until it has answered. */
  popular: string[] | null;
  /** The latest GET /tags/search answer and the (lowercased) text it answers. */
  autocomplete: { query: string; tags: string[] };
  /** The autocomplete has been waiting longer than SPEC §9's 200 ms. */
  loading: boolean;
}

const initialState: TagSearchState = {
  value: '',
  popular: null,
  autocomplete: { query: '', tags: [] },
  loading: false,
};

/** Keeps the characters SPEC §5 allows in a tag (letters, digits, whitespace, ' and &). */
export const stripTagText = (text: string) => [...text].filter((char) => TAG_PATTERN.test(char)).join('');

/** What the autocomplete asks for: nothing for blank input, otherwise the text lowercased. */
export const autocompleteQuery = (value: string) => value.trim().toLowerCase();

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Tags not already selected (case-insensitively), each once. */
export function excludeTags(tags: readonly string[], selected: readonly string[]): string[] {
  const kept: string[] = [];
  for (const tag of tags) {
    if (!selected.some((chosen) => sameTag(chosen, tag)) && !kept.some((seen) => sameTag(seen, tag))) kept.push(tag);
  }
  return kept;
}

const tagSearchSlice = createSlice({
  name: 'tagSearch',
  initialState,
  reducers: {
    tagSearchTyped(state, action: PayloadAction<string>) {
      state.value = action.payload.slice(0, TAGS.maxLength);
      if (autocompleteQuery(state.value) === '') {
        state.autocomplete = { query: '', tags: [] };
        state.loading = false;
      }
    },
    /** The input got focus: popular tags are wanted (the saga loads them once). */
    popularTagsRequested() {},
    popularTagsLoaded(state, action: PayloadAction<string[]>) {
      state.popular = action.payload;
    },
    autocompleteLoaderShown(state) {
      state.loading = true;
    },
    autocompleteLoaded(state, action: PayloadAction<{ query: string; tags: string[] }>) {
      state.autocomplete = action.payload;
      state.loading = false;
    },
    /** SPEC §8: a failed autocomplete is ignored silently; only the loader goes. */
    autocompleteFailed(state) {
      state.loading = false;
    },
    /** The URL's tag set changed; the saga asks the autocomplete again for the current text. */
    selectedTagsChanged(_state, _action: PayloadAction<string[]>) {},
  },
  selectors: {
    selectTagSearchValue: (state) => state.value,
    selectTagSearchLoading: (state) => state.loading,
    selectPopularTags: (state) => state.popular,
  },
});

interface TagSearchRoot {
  navigation: NavigationState;
  tagSearch: TagSearchState;
}

/**
 * The /beats query string the tags are read from: a /beats navigation still loading its list
 * already carries the visitor's latest choice, so a second tag added meanwhile keeps the first.
 */
export const selectBeatsSearch = (state: TagSearchRoot) => {
  const { pending, search } = state.navigation;
  return pending && pending.pathname === '/beats' ? pending.search : search;
};

/** The selected tags, straight from the /beats URL (SPEC §2 "Catalogue"). */
export const selectSelectedTags = createSelector([selectBeatsSearch], (search) => parseBeatsQuery(search).tags);

/** Popular tags for empty input, otherwise the autocomplete answer; never a selected tag. */
export const selectTagSuggestions = createSelector(
  [
    (state: TagSearchRoot) => state.tagSearch.value,
    (state: TagSearchRoot) => state.tagSearch.popular,
    (state: TagSearchRoot) => state.tagSearch.autocomplete.tags,
    selectSelectedTags,
  ],
  (value, popular, autocomplete, selected) =>
    excludeTags(autocompleteQuery(value) === '' ? (popular ?? []) : autocomplete, selected),
);

export const {
  tagSearchTyped,
  popularTagsRequested,
  popularTagsLoaded,
  autocompleteLoaderShown,
  autocompleteLoaded,
  autocompleteFailed,
  selectedTagsChanged,
} = tagSearchSlice.actions;
export const { selectTagSearchValue, selectTagSearchLoading, selectPopularTags } = tagSearchSlice.selectors;
export default tagSearchSlice;
