import { COUNTRIES, COUNTRY_NAMES, findCountry } from './countryList';

describe('country list', () => {
  test('has every ISO country once, sorted by English name', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(new Set(COUNTRY_NAMES).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.shortName)).size).toBe(COUNTRIES.length);
    expect([...COUNTRY_NAMES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(COUNTRY_NAMES);
  });

  test('spells the CIS countries as SPEC does', () => {
    expect(findCountry('Russia')).toEqual({ name: 'Russia', shortName: 'RU' });
    expect(findCountry('Kazakhstan')).toEqual({ name: 'Kazakhstan', shortName: 'KZ' });
    expect(findCountry('Belarus')).toEqual({ name: 'Belarus', shortName: 'BY' });
    expect(findCountry('Russian Federation')).toBeUndefined();
    expect(findCountry('Germany')).toEqual({ name: 'Germany', shortName: 'DE' });
  });
});
