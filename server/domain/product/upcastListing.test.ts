import { upcastListing } from './upcastListing';

describe('upcastListing', () => {
  const v1 = {
    productId: 1,
    name: 'Night Drive',
    productType: 'track' as const,
    genre: 'Trap',
    bpm: 70,
    key: 'C' as const,
    scale: 'major' as const,
    priceCents: 19_999,
    exclusive: false,
    coverImageSrc: null,
    previewTrackSrc: null,
    producer: { id: 1, artistName: 'Nova Kade', producerUrl: 'nova-kade' },
  };

  test('reads a listing recorded in the first shape into the current one, without the exclusive flag', () => {
    const current = upcastListing(v1);
    expect(current).toMatchObject({ productId: 1, producerId: 1, genreIds: [1], moodIds: [], tags: [], priceCents: 19_999, preview: null });
    expect(current).not.toHaveProperty('exclusive');
    expect(upcastListing({ ...v1, genre: 'Polka' }).genreIds).toEqual([]);
  });

  test('drops the exclusive flag of a listing recorded before every beat sold once', () => {
    const current = upcastListing(v1);
    const recorded = { ...current, exclusive: true };
    expect(upcastListing(recorded)).toEqual(current);
    expect(upcastListing(recorded)).not.toHaveProperty('exclusive');
  });

  test('leaves a current listing as it is', () => {
    const current = upcastListing(v1);
    expect(upcastListing(current)).toBe(current);
  });
});
