import type { BeatsFilters } from './beatsQuery';
import type { VocalType } from './filterOptions';
import { ALL_GENRES_ID } from './genres';

/** SPEC §4 "Catalogue": the selection rules of the filter panel, as pure functions of the filters. */

const toggle = <T>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

/** Choosing 'no vocal' clears the vocal genders. */
export function chooseVocal(filters: BeatsFilters, vocaltype: VocalType | null): BeatsFilters {
  return { ...filters, vocaltype, vocalgender: vocaltype === 'novocal' ? [] : filters.vocalgender };
}

export function toggleList<K extends 'vocalgender' | 'key' | 'scale' | 'mood'>(
  filters: BeatsFilters,
  name: K,
  value: BeatsFilters[K][number],
): BeatsFilters {
  const next = { ...filters, [name]: toggle(filters[name] as unknown[], value) } as BeatsFilters;
  // A vocal gender means there is a vocal.
  if (name === 'vocalgender' && next.vocaltype === 'novocal') next.vocaltype = null;
  return next;
}

/**
 * Genres: All genres (id 0) deselects the others; any other deselects All; with single-select the
 * others are cleared; when none is left, All is active again (an empty list means All).
 */
export function toggleGenre(filters: BeatsFilters, id: number, options: { single?: boolean } = {}): BeatsFilters {
  if (id === ALL_GENRES_ID) return { ...filters, genre: [] };
  if (options.single) return { ...filters, genre: filters.genre.includes(id) ? [] : [id] };
  return { ...filters, genre: toggle(filters.genre, id).sort((a, b) => a - b) };
}

export const isGenreActive = (filters: BeatsFilters, id: number) =>
  id === ALL_GENRES_ID ? filters.genre.length === 0 : filters.genre.includes(id);
