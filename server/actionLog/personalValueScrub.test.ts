import { REDACTED } from '../../shared/schemas/personal';
import { matcherOf } from './personalValueScrub';

describe('what of an erased person is scrubbed from other logs', () => {
  const matcher = matcherOf({
    texts: ['Nova', 'Quill', 'Nova Quill', 'nova.quill@example.com', 'Harbour Street 4, 10115 Berlin', 'x'],
    pageAddresses: ['novaquill'],
  })!;

  test('a full name, an email and an address wherever they stand in a text; a page address as a path segment', () => {
    expect(matcher.scrub('Order of Nova Quill (nova.quill@example.com)')).toBe(`Order of ${REDACTED} (${REDACTED})`);
    expect(matcher.scrub('Ship to HARBOUR STREET 4, 10115 Berlin today')).toBe(`Ship to ${REDACTED} today`);
    expect(matcher.scrub('/novaquill')).toBe(`/${REDACTED}`);
    expect(matcher.scrub('/novaquill/beats?sort=new')).toBe(`/${REDACTED}/beats?sort=new`);
    expect(matcher.scrub('novaquill')).toBe(REDACTED);
  });

  test('one word is the person only as a whole text: the same word inside other text stays', () => {
    expect(matcher.scrub('Nova')).toBe(REDACTED);
    expect(matcher.scrub(' quill ')).toBe(REDACTED);
    expect(matcher.scrub('Bossa Nova Kit')).toBe('Bossa Nova Kit');
    expect(matcher.scrub('/novaquillish')).toBe('/novaquillish');
    expect(matcher.scrub('Novas Quills')).toBe('Novas Quills');
  });

  test('values too short to name anyone are left out, and nothing to look for is no matcher', () => {
    expect(matcher.scrub('x')).toBe('x');
    expect(matcherOf({ texts: ['', ' x '], pageAddresses: ['ab'] })).toBeNull();
  });

  test('the needles a stored payload is searched for are the JSON forms of each value', () => {
    expect(matcher.needles).toEqual(expect.arrayContaining(['"nova"', '"quill"', '"novaquill"', 'Nova Quill', 'nova.quill@example.com', '/novaquill']));
  });
});
