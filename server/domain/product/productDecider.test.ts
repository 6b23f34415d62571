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
