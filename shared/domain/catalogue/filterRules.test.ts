import { DEFAULT_FILTERS } from './beatsQuery';
import { chooseVocal, isGenreActive, toggleGenre, toggleList } from './filterRules';

describe('filter panel rules (SPEC §4 "Catalogue")', () => {
  test('no vocal clears the vocal genders; picking a gender leaves no-vocal', () => {
    const withGenders = { ...DEFAULT_FILTERS, vocaltype: 'exclusivevocal' as const, vocalgender: ['female' as const] };
    expect(chooseVocal(withGenders, 'novocal')).toMatchObject({ vocaltype: 'novocal', vocalgender: [] });
    expect(chooseVocal(withGenders, 'royaltyfreevocal').vocalgender).toEqual(['female']);
    expect(toggleList(chooseVocal(withGenders, 'novocal'), 'vocalgender', 'male')).toMatchObject({ vocaltype: null, vocalgender: ['male'] });
  });

  test('vocal gender, key, scale and mood toggle', () => {
    const once = toggleList(DEFAULT_FILTERS, 'key', 'C#');
    expect(once.key).toEqual(['C#']);
    expect(toggleList(once, 'key', 'C#').key).toEqual([]);
    expect(toggleList(toggleList(DEFAULT_FILTERS, 'mood', 3), 'mood', 1).mood).toEqual([3, 1]);
  });

  test('genres: All deselects the others, another deselects All, none left restores All', () => {
    const trap = toggleGenre(DEFAULT_FILTERS, 1);
    expect(trap.genre).toEqual([1]);
    expect(isGenreActive(trap, 0)).toBe(false);
    const trapAndDrill = toggleGenre(trap, 4);
    expect(trapAndDrill.genre).toEqual([1, 4]);
    expect(toggleGenre(trapAndDrill, 0).genre).toEqual([]);
    expect(isGenreActive(toggleGenre(trap, 1), 0)).toBe(true);
  });

  test('single-select clears the other genres', () => {
    expect(toggleGenre({ ...DEFAULT_FILTERS, genre: [1, 4] }, 2, { single: true }).genre).toEqual([2]);
  });
});
