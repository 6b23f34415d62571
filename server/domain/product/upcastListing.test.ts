import { upcastListing } from './upcastListing';

describe('upcastListing', () => {
  test('reads a listing recorded in the first shape into the current one', () => {
    const v1 = {
      productId: 1,
      name: 'Night Drive',
      productType: 'track' as const,
      genre: 'Trap',
      bpm: 70,
      key: 'C' as const,
      scale: 'major' as const,
      priceCents: 19_999,
      exclusive: true,
      coverImageSrc: null,
      previewTrackSrc: null,
      producer: { id: 1, artistName: 'Nova Kade', producerUrl: 'nova-kade' },
    };
    expect(upcastListing(v1)).toMatchObject({ productId: 1, producerId: 1, genreIds: [1], moodIds: [], tags: [], priceCents: 19_999, exclusive: true, preview: null });
    expect(upcastListing({ ...v1, genre: 'Polka' }).genreIds).toEqual([]);
  });

  test('leaves a current listing as it is', () => {
    const current = upcastListing({ ...upcastListing({ productId: 2, name: 'x', productType: 'track', genre: 'Drill', bpm: null, key: null, scale: null, priceCents: 1, exclusive: false, coverImageSrc: null, previewTrackSrc: null, producer: { id: 2 } }) });
    expect(upcastListing(current)).toBe(current);
  });
});
