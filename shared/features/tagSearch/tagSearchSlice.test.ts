import { rootReducer } from '../../store/rootReducer';
import { navigationArrived, navigationRequested } from '../navigation/navigationSlice';
import {
  autocompleteFailed,
  autocompleteLoaded,
  autocompleteLoaderShown,
  excludeTags,
  popularTagsLoaded,
  selectSelectedTags,
  selectTagSearchLoading,
  selectTagSearchValue,
  selectTagSuggestions,
  stripTagText,
  tagSearchTyped,
} from './tagSearchSlice';

const atBeats = (search: string) =>
  rootReducer(undefined, navigationArrived({ pathname: '/beats', search, routeName: 'beats', params: {}, error: null }));

describe('tag search slice', () => {
  test('typing keeps at most 30 characters; blank text drops the autocomplete and its loader', () => {
    let state = rootReducer(undefined, tagSearchTyped('a'.repeat(40)));
    expect(selectTagSearchValue(state)).toBe('a'.repeat(30));
    state = rootReducer(state, autocompleteLoaded({ query: 'tr', tags: ['trap'] }));
    state = rootReducer(state, autocompleteLoaderShown());
    expect(selectTagSearchLoading(state)).toBe(true);
    state = rootReducer(state, tagSearchTyped('   '));
    expect(state.tagSearch.autocomplete).toEqual({ query: '', tags: [] });
    expect(selectTagSearchLoading(state)).toBe(false);
  });

  test('an answer or a failure ends the loader; a failure keeps what was shown', () => {
    let state = rootReducer(undefined, tagSearchTyped('tr'));
    state = rootReducer(state, autocompleteLoaded({ query: 'tr', tags: ['trap'] }));
    state = rootReducer(state, autocompleteLoaderShown());
    state = rootReducer(state, autocompleteFailed());
    expect(selectTagSearchLoading(state)).toBe(false);
    expect(state.tagSearch.autocomplete.tags).toEqual(['trap']);
  });

  test('selected tags come from the /beats URL, or from the /beats navigation still loading', () => {
    let state = atBeats('?tags=Trap,drill&sortby=price-to-low');
    expect(selectSelectedTags(state)).toEqual(['Trap', 'drill']);
    state = rootReducer(state, navigationRequested({ pathname: '/beats', search: '?tags=Trap,drill,lofi', mode: 'push' }));
    expect(selectSelectedTags(state)).toEqual(['Trap', 'drill', 'lofi']);
    state = rootReducer(state, navigationRequested({ pathname: '/cart', search: '', mode: 'push' }));
    expect(selectSelectedTags(state)).toEqual(['Trap', 'drill']);
  });

  test('suggestions: popular tags for empty input, the autocomplete otherwise, never a selected tag', () => {
    let state = atBeats('?tags=trap');
    state = rootReducer(state, popularTagsLoaded(['TRAP', 'drill', 'lofi']));
    expect(selectTagSuggestions(state)).toEqual(['drill', 'lofi']);
    state = rootReducer(state, tagSearchTyped('Dr'));
    state = rootReducer(state, autocompleteLoaded({ query: 'dr', tags: ['drill', 'drum', 'Trap'] }));
    expect(selectTagSuggestions(state)).toEqual(['drill', 'drum']);
  });

  test('helpers: stripping keeps letters, digits, whitespace, apostrophe and ampersand', () => {
    expect(stripTagText("R&B, hip-hop 'n' soul! 90s Ü")).toBe("R&B hiphop 'n' soul 90s Ü");
    expect(excludeTags(['a', 'A', 'b', 'c'], ['C'])).toEqual(['a', 'b']);
  });
});
