import { DomainError } from '../decider';
import { demoListings } from '../../seed/seedDemoCatalogue';
import { demoSamplePacks } from '../../seed/demoCatalogue';
import { productDecider } from './productDecider';
import type { ProductEvent } from './productEvents';

const beat = demoListings(1)[0]!;
const pack = { ...demoSamplePacks(2)[0]!, productId: 2 };

const given = (events: ProductEvent[]) => ({
  when: (command: Parameters<typeof productDecider.decide>[0]) => {
    const state = events.reduce(productDecider.evolve, productDecider.initialState());
    return {
      then: (expected: ProductEvent[]) => expect(productDecider.decide(command, state)).toEqual(expected),
      thenRefused: (message: RegExp) => expect(() => productDecider.decide(command, state)).toThrow(message),
    };
  },
});

describe('product decider', () => {
  test('lists a product once', () => {
    given([]).when({ type: 'ListProduct', listing: beat }).then([{ type: 'ProductListed', data: beat }]);
    given([{ type: 'ProductListed', data: beat }])
      .when({ type: 'ListProduct', listing: beat })
      .thenRefused(/already listed/);
  });

  test('a beat is sold once; the same order again changes nothing', () => {
    const listed: ProductEvent[] = [{ type: 'ProductListed', data: beat }];
    const sale = { type: 'SellProduct' as const, productId: beat.productId, orderId: 'o-1' };
    given(listed).when(sale).then([{ type: 'ProductSold', data: { productId: beat.productId, orderId: 'o-1' } }]);
    const sold: ProductEvent[] = [...listed, { type: 'ProductSold', data: { productId: beat.productId, orderId: 'o-1' } }];
    given(sold).when(sale).then([]);
    given(sold).when({ ...sale, orderId: 'o-2' }).thenRefused(/already been sold/);
  });

  test('a beat listed before the type decided (recorded `exclusive: false`, then a "lease") is sold once too', () => {
    const recordedAsLease = { ...beat, exclusive: false };
    const listed: ProductEvent[] = [{ type: 'ProductListed', data: recordedAsLease }];
    given(listed).when({ type: 'SellProduct', productId: beat.productId, orderId: 'o-1' }).then([{ type: 'ProductSold', data: { productId: beat.productId, orderId: 'o-1' } }]);
    given([...listed, { type: 'ProductSold', data: { productId: beat.productId, orderId: 'o-1' } }])
      .when({ type: 'SellProduct', productId: beat.productId, orderId: 'o-2' })
      .thenRefused(/already been sold/);
  });

  test('a sold beat is for sale again once its sale is reverted; only the buying order reverts it', () => {
    const sold: ProductEvent[] = [
      { type: 'ProductListed', data: beat },
      { type: 'ProductSold', data: { productId: beat.productId, orderId: 'o-1' } },
    ];
    given(sold).when({ type: 'RevertSale', productId: beat.productId, orderId: 'o-2' }).then([]);
    given(sold)
      .when({ type: 'RevertSale', productId: beat.productId, orderId: 'o-1' })
      .then([{ type: 'ProductSaleReverted', data: { productId: beat.productId, orderId: 'o-1' } }]);
    given([...sold, { type: 'ProductSaleReverted', data: { productId: beat.productId, orderId: 'o-1' } }])
      .when({ type: 'SellProduct', productId: beat.productId, orderId: 'o-2' })
      .then([{ type: 'ProductSold', data: { productId: beat.productId, orderId: 'o-2' } }]);
  });

  test('a sample pack never sells out; an unlisted product is not for sale', () => {
    given([{ type: 'ProductListed', data: pack }]).when({ type: 'SellProduct', productId: 2, orderId: 'o' }).then([]);
    expect(() => productDecider.decide({ type: 'SellProduct', productId: 9, orderId: 'o' }, productDecider.initialState())).toThrow(
      DomainError,
    );
  });

  test('a price changes only to a new value, and never below zero', () => {
    const listed: ProductEvent[] = [{ type: 'ProductListed', data: pack }];
    given(listed)
      .when({ type: 'ChangePrice', productId: 2, priceCents: 49_900 })
      .then([{ type: 'ProductPriceChanged', data: { productId: 2, priceCents: 49_900 } }]);
    given(listed).when({ type: 'ChangePrice', productId: 2, priceCents: pack.priceCents }).then([]);
    given(listed).when({ type: 'ChangePrice', productId: 2, priceCents: -1 }).thenRefused(/negative/);
  });

  test('a delisted product is delisted once and is no longer for sale', () => {
    const listed: ProductEvent[] = [{ type: 'ProductListed', data: pack }];
    given(listed).when({ type: 'DelistProduct', productId: 2 }).then([{ type: 'ProductDelisted', data: { productId: 2 } }]);
    const delisted: ProductEvent[] = [...listed, { type: 'ProductDelisted', data: { productId: 2 } }];
    given(delisted).when({ type: 'DelistProduct', productId: 2 }).then([]);
    given(delisted).when({ type: 'SellProduct', productId: 2, orderId: 'o' }).thenRefused(/not for sale/);
    given(delisted).when({ type: 'ChangePrice', productId: 2, priceCents: 100 }).thenRefused(/not for sale/);
    given([]).when({ type: 'DelistProduct', productId: 2 }).thenRefused(/not for sale/);
  });

  describe('reservations hold a beat for one paying order', () => {
    const listed: ProductEvent[] = [{ type: 'ProductListed', data: beat }];
    const at = '2026-11-21T10:00:00.000Z';
    const until = '2026-11-21T10:30:00.000Z';
    const reserved: ProductEvent = { type: 'ProductReserved', data: { productId: 1, orderId: 'o-1', until } };

    test('the first order reserves; another is refused until the reservation runs out', () => {
      given(listed).when({ type: 'ReserveProduct', productId: 1, orderId: 'o-1', at, until }).then([reserved]);
      given([...listed, reserved]).when({ type: 'ReserveProduct', productId: 1, orderId: 'o-1', at, until }).then([]);
      given([...listed, reserved]).when({ type: 'ReserveProduct', productId: 1, orderId: 'o-2', at, until }).thenRefused(/being bought by another buyer/);
      given([...listed, reserved])
        .when({ type: 'ReserveProduct', productId: 1, orderId: 'o-2', at: until, until: '2026-11-21T11:00:00.000Z' })
        .then([{ type: 'ProductReserved', data: { productId: 1, orderId: 'o-2', until: '2026-11-21T11:00:00.000Z' } }]);
    });

    test('a sale goes to the reserving order; another order only once the reservation ran out', () => {
      given([...listed, reserved]).when({ type: 'SellProduct', productId: 1, orderId: 'o-1', at }).then([{ type: 'ProductSold', data: { productId: 1, orderId: 'o-1' } }]);
      given([...listed, reserved]).when({ type: 'SellProduct', productId: 1, orderId: 'o-2', at }).thenRefused(/being bought by another buyer/);
      given([...listed, reserved]).when({ type: 'SellProduct', productId: 1, orderId: 'o-2', at: until }).then([{ type: 'ProductSold', data: { productId: 1, orderId: 'o-2' } }]);
    });

    test('a release frees the beat; releasing for another order or reserving a sample pack changes nothing', () => {
      given([...listed, reserved])
        .when({ type: 'ReleaseReservation', productId: 1, orderId: 'o-1' })
        .then([{ type: 'ProductReservationReleased', data: { productId: 1, orderId: 'o-1' } }]);
      given([...listed, reserved]).when({ type: 'ReleaseReservation', productId: 1, orderId: 'o-2' }).then([]);
      given([{ type: 'ProductListed', data: pack }]).when({ type: 'ReserveProduct', productId: 2, orderId: 'o-1', at, until }).then([]);
      given([...listed, { type: 'ProductSold', data: { productId: 1, orderId: 'o-9' } }])
        .when({ type: 'ReserveProduct', productId: 1, orderId: 'o-1', at, until })
        .thenRefused(/already been sold/);
    });
  });
});

describe('a beat uploaded in the studio', () => {
  const details = {
    name: 'Midnight Ferry',
    genreIds: [1],
    moodIds: [2],
    tags: ['Dark', 'piano'],
    bpm: 140,
    key: 'C' as const,
    scale: 'minor' as const,
    vocalType: 'novocal' as const,
    samplesType: 'royaltyfreesamples' as const,
    priceCents: 29_900,
    stemsPriceCents: 4_900,
    previewStartSeconds: 0,
  };
  const submission = { productId: 10_001, producerId: 10_001, details, files: { master: 'private/masters/10001.wav', stems: 'private/stems/10001.zip', cover: 'uploads/10001/cover' } };
  const processed = {
    productId: 10_001,
    master: { format: 'wav', durationSeconds: 183.2, sampleRate: 44_100, channels: 2 },
    preview: { src: '/media/previews/10001.mp3', durationSeconds: 60, peaks: [0.5, 0.8] },
    coverImageSrc: '/media/covers/10001/600.webp',
  };
  const submitted: ProductEvent[] = [{ type: 'ProductSubmitted', data: submission }];
  const pending: ProductEvent[] = [...submitted, { type: 'ProductProcessed', data: processed }];
  const listing = {
    productId: 10_001,
    producerId: 10_001,
    name: 'Midnight Ferry',
    productType: 'track' as const,
    genreIds: [1],
    moodIds: [2],
    tags: ['dark', 'piano'],
    bpm: 140,
    key: 'C' as const,
    scale: 'minor' as const,
    vocalType: 'novocal' as const,
    samplesType: 'royaltyfreesamples' as const,
    vocalGender: null,
    categories: { isNew: true, isSuperSale: false, isPremium: false },
    priceCents: 29_900,
    projectFilePriceCents: 4_900,
    coverImageSrc: '/media/covers/10001/600.webp',
    preview: processed.preview,
  };

  test('is processed once (a rerun after a crash adds nothing), then waits for a moderator', () => {
    given([]).when({ type: 'SubmitProduct', submission }).then(submitted);
    given(submitted).when({ type: 'RecordProcessing', processed }).then([{ type: 'ProductProcessed', data: processed }]);
    given(pending).when({ type: 'RecordProcessing', processed }).then([]);
    given(pending).when({ type: 'RecordProcessingFailure', productId: 10_001, message: 'x' }).then([]);
    given(submitted).when({ type: 'SubmitProduct', submission }).thenRefused(/exists already/);
  });

  test('a failed upload is never listed nor approved', () => {
    const failed: ProductEvent[] = [...submitted, { type: 'ProductProcessingFailed', data: { productId: 10_001, message: 'The master is not a WAV, AIFF, FLAC or MP3 file' } }];
    given(submitted).when({ type: 'RecordProcessingFailure', productId: 10_001, message: 'The master is not a WAV, AIFF, FLAC or MP3 file' }).then(failed.slice(1));
    given(failed).when({ type: 'ApproveProduct', productId: 10_001, by: 2 }).thenRefused(/Only a processed beat/);
    given(submitted).when({ type: 'ApproveProduct', productId: 10_001, by: 2 }).thenRefused(/Only a processed beat/);
  });

  test('approved by a moderator, it is listed as new with its preview, cover and stems price', () => {
    given(pending)
      .when({ type: 'ApproveProduct', productId: 10_001, by: 2 })
      .then([
        { type: 'ProductApproved', data: { productId: 10_001, by: 2 } },
        { type: 'ProductListed', data: listing },
      ]);
  });

  test('rejected with a reason; the producer may change it, not a moderator approve it after', () => {
    given(pending).when({ type: 'RejectProduct', productId: 10_001, by: 2, reason: ' ' }).thenRefused(/reason/);
    const rejected: ProductEvent[] = [...pending, { type: 'ProductRejected', data: { productId: 10_001, by: 2, reason: 'The preview clips.' } }];
    given(pending).when({ type: 'RejectProduct', productId: 10_001, by: 2, reason: ' The preview clips. ' }).then(rejected.slice(2));
    given(rejected).when({ type: 'ApproveProduct', productId: 10_001, by: 2 }).thenRefused(/Only a processed beat/);
  });

  test('its producer edits it: a waiting beat gets new details, a listed one a new listing; a sold one stays as it is', () => {
    const changed = { ...details, name: 'Midnight Ferry (remix)', priceCents: 39_900 };
    given(pending).when({ type: 'ChangeDetails', productId: 10_001, producerId: 10_001, details: changed }).then([{ type: 'ProductDetailsChanged', data: { productId: 10_001, details: changed } }]);
    given(pending).when({ type: 'ChangeDetails', productId: 10_001, producerId: 7, details: changed }).thenRefused(/not found/);
    given(submitted).when({ type: 'ChangeDetails', productId: 10_001, producerId: 10_001, details: changed }).thenRefused(/once its upload is processed/);
    const listed: ProductEvent[] = [...pending, { type: 'ProductApproved', data: { productId: 10_001, by: 2 } }, { type: 'ProductListed', data: listing }];
    given(listed)
      .when({ type: 'ChangeDetails', productId: 10_001, producerId: 10_001, details: changed, coverImageSrc: '/media/covers/10001-b/600.webp' })
      .then([{ type: 'ProductListingChanged', data: { ...listing, name: 'Midnight Ferry (remix)', priceCents: 39_900, coverImageSrc: '/media/covers/10001-b/600.webp' } }]);
    const sold: ProductEvent[] = [...listed, { type: 'ProductSold', data: { productId: 10_001, orderId: 'o-1' } }];
    given(sold).when({ type: 'ChangeDetails', productId: 10_001, producerId: 10_001, details: changed }).thenRefused(/sold beat cannot be changed/);
    given(sold).when({ type: 'WithdrawProduct', productId: 10_001, producerId: 10_001 }).thenRefused(/sold beat cannot be deleted/);
    given(listed).when({ type: 'WithdrawProduct', productId: 10_001, producerId: 10_001 }).then([{ type: 'ProductDelisted', data: { productId: 10_001 } }]);
    given(listed).when({ type: 'WithdrawProduct', productId: 10_001, producerId: 3 }).thenRefused(/not found/);
  });

  test('a demo-shop product has no studio owner', () => {
    given([{ type: 'ProductListed', data: beat }]).when({ type: 'WithdrawProduct', productId: beat.productId, producerId: beat.producerId }).thenRefused(/not found/);
  });

  test('a blocked producer’s unsold beat is withheld and restored as it was; a sold one stays sold', () => {
    const listed: ProductEvent[] = [{ type: 'ProductListed', data: beat }];
    const withhold = { type: 'WithholdProduct' as const, productId: beat.productId };
    given(listed).when(withhold).then([{ type: 'ProductWithheld', data: { productId: beat.productId } }]);
    const withheld: ProductEvent[] = [...listed, { type: 'ProductWithheld', data: { productId: beat.productId } }];
    given(withheld).when(withhold).then([]);
    given(withheld).when({ type: 'SellProduct', productId: beat.productId, orderId: 'o-1' }).thenRefused(/not for sale/);
    given(withheld).when({ type: 'RestoreProduct', productId: beat.productId }).then([{ type: 'ProductRestored', data: beat }]);
    given([...withheld, { type: 'ProductRestored', data: beat }]).when({ type: 'RestoreProduct', productId: beat.productId }).then([]);
    const sold: ProductEvent[] = [...listed, { type: 'ProductSold', data: { productId: beat.productId, orderId: 'o-1' } }];
    given(sold).when(withhold).then([]);
  });
});
