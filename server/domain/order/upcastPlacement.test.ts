import { orderEventCodec } from './orderEventCodec';
import type { OrderPlacement } from './orderEvents';
import { upcastPlacement } from './upcastPlacement';

const placement: OrderPlacement = {
  orderId: '00000000-0000-4000-8000-000000000001',
  userId: 7,
  lines: [{ productId: 1, producerId: 1, name: 'Night Drive', productType: 'track', includeProjectFile: false, priceCents: 19_900 }],
  coupon: null,
  subTotalCents: 19_900,
  discountCents: 0,
  serviceFeeCents: 1_294,
  totalCents: 21_194,
  paymentMethod: 'card',
  walletType: null,
  provider: 'sandbox',
  shippingAddress: null,
  placedAt: '2026-11-21T10:00:00.000Z',
};

describe('upcastPlacement', () => {
  test('an order recorded with `exclusive` on its lines replays into the current shape', () => {
    const recorded = { ...placement, lines: placement.lines.map((line) => ({ ...line, exclusive: false })) };
    expect(upcastPlacement(recorded)).toEqual(placement);
    const event = orderEventCodec.decode({ type: 'OrderPlaced', data: recorded, streamId: 'order-1', version: 1, position: 1, recordedAt: placement.placedAt });
    expect(event.data).toEqual(placement);
  });

  test('a current order stays as it was', () => {
    expect(upcastPlacement(placement)).toEqual(placement);
  });
});
