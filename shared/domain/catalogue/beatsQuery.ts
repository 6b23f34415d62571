import { BPM_RANGE, PRICE_RANGE_USD, TAGS } from '../constants';
import {
  type Category,
  CATEGORIES,
  KEYS,
  MOODS,
  type MusicalKey,
  type SampleType,
  SAMPLE_TYPES,
  type Scale,
  SCALES,
  type Sort,
  SORTS,
  type VocalGender,
  VOCAL_GENDERS,
  type VocalType,
  VOCAL_TYPES,
} from './filterOptions';
import { ALL_GENRES_ID, GENRES } from './genres';

/** The /beats filters of SPEC §2 "Catalogue", as the query string carries them. */
export interface BeatsFilters {
  tags: string[];
  category: Category;
  sortby: Sort;
  vocaltype: VocalType | null;
  samplestype: SampleType | null;
  vocalgender: VocalGender[];
  key: MusicalKey[];
  scale: Scale[];
  mood: number[];
  bpm: [number, number] | null;
  price: [number, number] | null;
  hidesold: boolean;
  genre: number[];
}

export const DEFAULT_FILTERS: BeatsFilters = {
  tags: [],
  category: 'all',
  sortby: 'newest',
  vocaltype: null,
  samplestype: null,
  vocalgender: [],
  key: [],
  scale: [],
  mood: [],
  bpm: null,
  price: null,
  hidesold: false,
  genre: [],
};

/** Letters, digits, whitespace, apostrophe and ampersand (SPEC §5 "Tag search input"). */
export const TAG_PATTERN = /^[\p{L}\p{N}\s'&]+$/u;

const list = (query: URLSearchParams, name: string) =>
  (query.get(name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const someOf = <T extends string>(values: readonly T[], items: string[]): T[] =>
  values.filter((value) => items.includes(value));

/** Ids the storefront knows, sorted; an unknown id is dropped like any other bad value (SPEC §5). */
const knownIds = (known: readonly number[], items: string[]) =>
  [...new Set(items.filter((item) => /^\d{1,9}$/.test(item)).map(Number))].filter((id) => known.includes(id)).sort((a, b) => a - b);

const MOOD_IDS = MOODS.map((mood) => mood.id);
const GENRE_IDS = GENRES.map((genre) => genre.id);

/** Counts only with exactly two numbers; clamped to the allowed range; the full range is no filter. */
function range(items: string[], bounds: { min: number; max: number }): [number, number] | null {
  if (items.length !== 2 || !items.every((item) => /^\d{1,6}$/.test(item))) return null;
  const [a, b] = items.map(Number) as [number, number];
  const low = Math.max(bounds.min, Math.min(a, b));
  const high = Math.min(bounds.max, Math.max(a, b));
  if (low > high || (low === bounds.min && high === bounds.max)) return null;
  return [low, high];
}

function tags(items: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of items) {
    const key = tag.toLowerCase();
    if (tag.length > TAGS.maxLength || !TAG_PATTERN.test(tag) || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  // More than three tags: the extra ones are ignored (SPEC §5).
  return kept.slice(0, TAGS.maxSearchTags);
}

/** Reads the /beats query string; anything unknown or malformed falls back to its default. */
export function parseBeatsQuery(search: string | URLSearchParams): BeatsFilters {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const genres = knownIds(GENRE_IDS, list(query, 'genre'));
  return {
    tags: tags(list(query, 'tags')),
    category: oneOf(CATEGORIES.map((c) => c.value), query.get('category')) ?? 'all',
    sortby: oneOf(SORTS.map((s) => s.value), query.get('sortby')) ?? 'newest',
    vocaltype: oneOf(VOCAL_TYPES.map((v) => v.value), query.get('vocaltype')),
    samplestype: oneOf(SAMPLE_TYPES.map((s) => s.value), query.get('samplestype')),
    vocalgender: someOf(VOCAL_GENDERS, list(query, 'vocalgender')),
    key: someOf(KEYS, list(query, 'key')),
    scale: someOf(SCALES, list(query, 'scale')),
    mood: knownIds(MOOD_IDS, list(query, 'mood')),
    bpm: range(list(query, 'bpm'), BPM_RANGE),
    price: range(list(query, 'price'), PRICE_RANGE_USD),
    hidesold: query.get('hidesold') === 'true',
    // Genre 0 is "All genres", the same as no genre filter.
    genre: genres.includes(ALL_GENRES_ID) ? [] : genres,
  };
}

/** Writes filters back, in a fixed order, leaving out every parameter equal to its default. */
export function writeBeatsQuery(filters: BeatsFilters): string {
  const query = new URLSearchParams();
  const put = (name: string, value: string) => {
    if (value) query.set(name, value);
  };
  put('tags', filters.tags.join(','));
  if (filters.category !== 'all') put('category', filters.category);
  if (filters.sortby !== 'newest') put('sortby', filters.sortby);
  put('vocaltype', filters.vocaltype ?? '');
  put('samplestype', filters.samplestype ?? '');
  put('vocalgender', filters.vocalgender.join(','));
  put('key', filters.key.join(','));
  put('scale', filters.scale.join(','));
  put('mood', filters.mood.join(','));
  put('bpm', filters.bpm ? filters.bpm.join(',') : '');
  put('price', filters.price ? filters.price.join(',') : '');
  if (filters.hidesold) put('hidesold', 'true');
  put('genre', filters.genre.join(','));
  const text = query.toString().replace(/%2C/g, ',');
  return text ? `?${text}` : '';
}
