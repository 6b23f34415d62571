import fc from 'fast-check';
import { validate } from 'superstruct';
import { TrackListQuerySchema } from '../../schemas/catalogueQuery';
import { type BeatsFilters, DEFAULT_FILTERS, parseBeatsQuery, writeBeatsQuery } from './beatsQuery';
import { CATEGORIES, KEYS, SAMPLE_TYPES, SCALES, SORTS, VOCAL_GENDERS, VOCAL_TYPES } from './filterOptions';

const parsed = (search: string, changes: Partial<BeatsFilters> = {}) => [search, { ...DEFAULT_FILTERS, ...changes }] as const;

describe('parseBeatsQuery (SPEC §2, §5)', () => {
  test.each([
    parsed(''),
    parsed('?tags=a,b,c,d', { tags: ['a', 'b', 'c'] }),
    parsed('?tags=Trap, dark ,trap,,x%3Cy', { tags: ['Trap', 'dark'] }),
    parsed(`?tags=${'a'.repeat(31)},ok`, { tags: ['ok'] }),
    parsed("?tags=rock'n'roll,R%26B", { tags: ["rock'n'roll", 'R&B'] }),
    parsed('?category=premium', { category: 'premium' }),
    parsed('?category=free', { category: 'all' }),
    parsed('?sortby=price-to-low', { sortby: 'price-to-low' }),
    parsed('?sortby=random'),
    parsed('?vocaltype=novocal&samplestype=exclusivesamples', { vocaltype: 'novocal', samplestype: 'exclusivesamples' }),
    parsed('?vocalgender=female,robot,male', { vocalgender: ['male', 'female'] }),
    parsed('?key=C%23,H,A&scale=minor,major', { key: ['C#', 'A'], scale: ['minor', 'major'] }),
    parsed('?mood=3,1,3,x', { mood: [1, 3] }),
    parsed('?bpm=90,120', { bpm: [90, 120] }),
    parsed('?bpm=120,90', { bpm: [90, 120] }),
    parsed('?bpm=90'),
    parsed('?bpm=90,100,120'),
    parsed('?bpm=abc,120'),
    parsed('?bpm=10,400'),
    parsed('?bpm=10,100', { bpm: [60, 100] }),
    parsed('?price=199,500', { price: [199, 500] }),
    parsed('?price=199,999'),
    parsed('?hidesold=true', { hidesold: true }),
    parsed('?hidesold=1'),
    parsed('?genre=4,2', { genre: [2, 4] }),
    parsed('?genre=0,4'),
    // Ids the storefront does not know are dropped like other bad values (SPEC §5).
    parsed('?genre=11'),
    parsed('?genre=11,3', { genre: [3] }),
    parsed('?mood=0'),
    parsed('?mood=15'),
    parsed('?mood=0,14,15', { mood: [14] }),
  ])('%s', (search, filters) => {
    expect(parseBeatsQuery(search)).toEqual(filters);
  });
});

describe('writeBeatsQuery', () => {
  test('omits every default', () => expect(writeBeatsQuery(DEFAULT_FILTERS)).toBe(''));

  test('writes set filters in a fixed order with readable commas', () => {
    expect(
      writeBeatsQuery({ ...DEFAULT_FILTERS, genre: [3], bpm: [90, 120], tags: ['lo fi', 'R&B'], sortby: 'price-to-high', hidesold: true }),
    ).toBe('?tags=lo+fi,R%26B&sortby=price-to-high&bpm=90,120&hidesold=true&genre=3');
  });
});

const filtersArbitrary: fc.Arbitrary<BeatsFilters> = fc.record({
  tags: fc.uniqueArray(fc.stringMatching(/^[a-z0-9'&]{1,30}$/), { maxLength: 3, selector: (tag) => tag.toLowerCase() }),
  category: fc.constantFrom(...CATEGORIES.map((c) => c.value)),
  sortby: fc.constantFrom(...SORTS.map((s) => s.value)),
  vocaltype: fc.option(fc.constantFrom(...VOCAL_TYPES.map((v) => v.value)), { nil: null }),
  samplestype: fc.option(fc.constantFrom(...SAMPLE_TYPES.map((s) => s.value)), { nil: null }),
  vocalgender: fc.subarray([...VOCAL_GENDERS]),
  key: fc.subarray([...KEYS]),
  scale: fc.subarray([...SCALES]),
  mood: fc.uniqueArray(fc.integer({ min: 1, max: 14 })).map((ids) => [...ids].sort((a, b) => a - b)),
  bpm: fc.option(
    fc.tuple(fc.integer({ min: 60, max: 250 }), fc.integer({ min: 60, max: 250 }))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number])
      .filter(([a, b]) => !(a === 60 && b === 250)),
    { nil: null },
  ),
  price: fc.option(
    fc.tuple(fc.integer({ min: 199, max: 999 }), fc.integer({ min: 199, max: 999 }))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number])
      .filter(([a, b]) => !(a === 199 && b === 999)),
    { nil: null },
  ),
  hidesold: fc.boolean(),
  genre: fc.uniqueArray(fc.integer({ min: 1, max: 10 })).map((ids) => [...ids].sort((a, b) => a - b)),
});

describe('round trip', () => {
  test('parse(write(filters)) gives the filters back', () => {
    fc.assert(fc.property(filtersArbitrary, (filters) => expect(parseBeatsQuery(writeBeatsQuery(filters))).toEqual(filters)));
  });

  test('write(parse(any query)) is stable', () => {
    fc.assert(
      fc.property(fc.webQueryParameters(), (query) => {
        const once = writeBeatsQuery(parseBeatsQuery(query));
        expect(writeBeatsQuery(parseBeatsQuery(once))).toBe(once);
      }),
    );
  });

  test('GET /tracks, strict as it is, accepts every query the page writes', () => {
    const apiQuery = (search: string) => Object.fromEntries(new URLSearchParams(search));
    const cases = fc.oneof(fc.webQueryParameters(), filtersArbitrary.map(writeBeatsQuery), fc.constantFrom('genre=11', 'mood=0', 'mood=15'));
    fc.assert(
      fc.property(cases, (query) => {
        const [failure] = validate(apiQuery(writeBeatsQuery(parseBeatsQuery(query))), TrackListQuerySchema, { coerce: true });
        expect(failure?.message).toBeUndefined();
      }),
    );
  });
});
