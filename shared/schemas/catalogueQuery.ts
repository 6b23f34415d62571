import { array, defaulted, define, enums, type Infer, max, min, optional, refine, size, string, type Struct, type } from 'superstruct';
import { TAG_PATTERN } from '../domain/catalogue/beatsQuery';
import { CATEGORIES, KEYS, MOODS, SAMPLE_TYPES, SCALES, SORTS, VOCAL_GENDERS, VOCAL_TYPES } from '../domain/catalogue/filterOptions';
import { GENRES } from '../domain/catalogue/genres';
import { BPM_RANGE, PRICE_RANGE_USD, TAGS } from '../domain/constants';
import { fromText, QueryInteger } from './query';

/** A comma-separated query value; an empty value is an empty list. */
const commaList = <T>(item: Struct<T, unknown>) =>
  fromText(array(item), (text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

const between = (low: number, high: number) => max(min(QueryInteger, low), high);

/** "min,max": exactly two whole numbers inside the allowed range, min not above max. */
const range = (bounds: { min: number; max: number }) =>
  fromText(
    define<[number, number]>('range', (value) => {
      const [low, high] = Array.isArray(value) ? (value as number[]) : [];
      const fits = (n: number | undefined) => Number.isInteger(n) && n! >= bounds.min && n! <= bounds.max;
      return (fits(low) && fits(high) && low! <= high!) || `Expected min,max: two whole numbers from ${bounds.min} to ${bounds.max}, min first`;
    }),
    (text) => (/^\d{1,6},\d{1,6}$/.test(text.trim()) ? text.split(',').map(Number) : text),
  );

const Tag = refine(size(string(), 1, TAGS.maxLength), 'tag', (tag) => TAG_PATTERN.test(tag) || 'Expected letters, digits, spaces, \' or &');

/**
 * GET /tracks. Unlike the page's lenient codec (beatsQuery.ts), the API refuses what it cannot
 * read: a client sending a malformed filter has a bug we want to see as a 400, not a quiet default.
 */
export const TrackListQuerySchema = type({
  skip: defaulted(min(QueryInteger, 0), 0),
  take: defaulted(between(1, 100), 20),
  tags: optional(size(commaList(Tag), 0, TAGS.maxSearchTags)),
  category: optional(enums(CATEGORIES.map((c) => c.value))),
  sortby: optional(enums(SORTS.map((s) => s.value))),
  vocaltype: optional(enums(VOCAL_TYPES.map((v) => v.value))),
  samplestype: optional(enums(SAMPLE_TYPES.map((s) => s.value))),
  vocalgender: optional(commaList(enums(VOCAL_GENDERS))),
  key: optional(commaList(enums(KEYS))),
  scale: optional(commaList(enums(SCALES))),
  mood: optional(commaList(between(1, MOODS.length))),
  genre: optional(commaList(between(0, GENRES.length - 1))),
  bpm: optional(range(BPM_RANGE)),
  price: optional(range(PRICE_RANGE_USD)),
  hidesold: optional(enums(['true', 'false'])),
  author_id: optional(min(QueryInteger, 1)),
  /** `true`: the answer also counts every match (`total`); a list needs no count to page on. */
  count: optional(enums(['true', 'false'])),
});
export type TrackListQuery = Infer<typeof TrackListQuerySchema>;

/** GET /tags/search?tags=<what was typed>. */
export const TagSearchQuerySchema = type({ tags: Tag });
