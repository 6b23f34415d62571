import { validate } from 'superstruct';
import { DEFAULT_FILTERS, parseBeatsQuery, writeBeatsQuery } from '../domain/catalogue/beatsQuery';
import { TrackListQuerySchema } from './catalogueQuery';

const accepts = (search: string) => validate(Object.fromEntries(new URLSearchParams(search)), TrackListQuerySchema, { coerce: true });

describe('TrackListQuerySchema (GET /tracks)', () => {
  test.each([
    '?tags=dark,piano&genre=1,4&bpm=90,120&price=300,500&key=C,F%23&scale=minor&mood=2&vocaltype=royaltyfreevocal&vocalgender=male,female&hidesold=true',
    '?category=supersale&sortby=price-to-high&samplestype=exclusivesamples',
    '?tags=a,b,c,d,e&bpm=abc&sortby=weird&genre=0',
  ])('accepts whatever the /beats page codec writes: %s', (search) => {
    const written = writeBeatsQuery(parseBeatsQuery(search));
    const [error, query] = accepts(written);
    expect(error).toBeUndefined();
    expect(query?.take).toBe(20);
  });

  test('the defaults write an empty query, which the API reads as no filter', () => {
    expect(accepts(writeBeatsQuery(DEFAULT_FILTERS))[1]).toEqual({ skip: 0, take: 20 });
  });

  test('reads ranges and lists into numbers', () => {
    expect(accepts('bpm=90,120&genre=1,4&mood=3')[1]).toMatchObject({ bpm: [90, 120], genre: [1, 4], mood: [3] });
  });
});
