import type { RecordedEvent } from '../../eventStore/eventStore';
import { demoListings } from '../../seed/demoCatalogue';
import { productEventCodec } from './productEventCodec';

const stored = (type: string, data: unknown): RecordedEvent => ({ type, data, streamId: 'product-1', version: 1, position: 42, recordedAt: '2026-11-21T10:00:00.000Z' });

/** ProductListed as the foundation recorded it. */
const firstShape = {
  productId: 1,
  name: 'Night Drive',
  productType: 'track',
  genre: 'Trap',
  bpm: 70,
  key: 'C',
  scale: 'major',
  priceCents: 19_999,
  exclusive: true,
  coverImageSrc: null,
  previewTrackSrc: null,
  producer: { id: 1, artistName: 'Nova Kade', producerUrl: 'nova-kade' },
};

describe('product events read back from the store', () => {
  test('a listing recorded in the first shape is read in the current one', () => {
    const event = productEventCodec.decode(stored('ProductListed', firstShape));
    expect(event.type).toBe('ProductListed');
    expect(event.data).toEqual({
      productId: 1,
      producerId: 1,
      name: 'Night Drive',
      productType: 'track',
      genreIds: [1],
      moodIds: [],
      tags: [],
      bpm: 70,
      key: 'C',
      scale: 'major',
      vocalType: null,
      samplesType: null,
      vocalGender: null,
      categories: { isNew: false, isSuperSale: false, isPremium: false },
      priceCents: 19_999,
      projectFilePriceCents: null,
      coverImageSrc: null,
      preview: null,
    });
    expect(productEventCodec.decode(stored('ProductListed', { ...firstShape, genre: 'Polka' })).data).toMatchObject({ genreIds: [] });
  });

  test('a current listing is read as it was recorded', () => {
    const listing = demoListings(1)[0]!;
    expect(productEventCodec.decode(stored('ProductListed', listing))).toEqual({ ...stored('ProductListed', listing), data: listing });
  });

  test('a listing recorded with the `exclusive` flag of before every beat sold once is read without it', () => {
    const listing = demoListings(1)[0]!;
    for (const exclusive of [true, false]) {
      const event = productEventCodec.decode(stored('ProductListed', { ...listing, exclusive }));
      expect(event.data).toEqual(listing);
    }
  });

  test('a wrong shape is refused with the stream, the version and the field', () => {
    expect(() => productEventCodec.decode(stored('ProductPriceChanged', { productId: 1, priceCents: '19.99' }))).toThrow(
      'Event ProductPriceChanged at version 1 of stream product-1 (position 42) is unreadable: data.priceCents: Expected an integer, but received: "19.99"',
    );
    expect(() => productEventCodec.decode(stored('ProductListed', { ...demoListings(1)[0]!, categories: { isNew: 'yes' } }))).toThrow(
      /stream product-1 .*data\.categories\.isNew: Expected a value of type `boolean`/,
    );
    expect(() => productEventCodec.decode(stored('ProductSold', { productId: 1, orderId: 'o-1', price: 5 }))).toThrow(/data\.price: Expected a value of type `never`/);
  });

  test('an event type the product stream does not know is refused', () => {
    expect(() => productEventCodec.decode(stored('CartItemAdded', { productId: 1 }))).toThrow(
      /Event CartItemAdded at version 1 of stream product-1 \(position 42\) is unreadable: type: not one of ProductSubmitted, .*ProductListed, /,
    );
  });
});
