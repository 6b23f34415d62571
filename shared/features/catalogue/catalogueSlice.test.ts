import { aTrack } from '../../../test/helpers/fixtures';
import { rootReducer } from '../../store/rootReducer';
import { timeUpdated } from '../player/playerSlice';
import { homeTracksLoaded, selectHomeSection } from './catalogueSlice';

describe('catalogue slice: home sections', () => {
  test('a section gives the same list for the same state, also before it loaded', () => {
    const state = rootReducer(undefined, homeTracksLoaded({ category: 'new', tracks: [aTrack()] }));
    expect(selectHomeSection(state, 'premium')).toEqual([]);
    expect(selectHomeSection(state, 'premium')).toBe(selectHomeSection(state, 'premium'));
    expect(selectHomeSection(state, 'new')).toBe(state.catalogue.home.new);
  });

  test('a player tick leaves every section the same list; loading a section gives it its tracks', () => {
    const before = rootReducer(undefined, homeTracksLoaded({ category: 'new', tracks: [aTrack()] }));
    const ticked = rootReducer(before, timeUpdated(3));
    for (const category of ['new', 'supersale', 'premium', 'all'] as const) {
      expect(selectHomeSection(ticked, category)).toBe(selectHomeSection(before, category));
    }
    const premium = [aTrack({ id: 9 })];
    expect(selectHomeSection(rootReducer(ticked, homeTracksLoaded({ category: 'premium', tracks: premium })), 'premium')).toBe(premium);
  });
});
