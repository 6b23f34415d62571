import { getNames } from 'i18n-iso-countries';
import type { Country } from '../../shared/schemas/auth';

/**
 * ISO 3166 countries with English names from i18n-iso-countries. Its first ("official") name is
 * the usual one for most; where SPEC names a country differently, SPEC's name wins, since the
 * registration rules look names up (VK for Russia, Kazakhstan and Belarus).
 */
const SPEC_NAMES: Record<string, string> = { RU: 'Russia' };

export const COUNTRIES: readonly Country[] = Object.entries(getNames('en', { select: 'official' }))
  .map(([shortName, name]) => ({ name: SPEC_NAMES[shortName] ?? name, shortName }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

export const COUNTRY_NAMES: readonly string[] = COUNTRIES.map((country) => country.name);

export const findCountry = (name: string) => COUNTRIES.find((country) => country.name === name);
