import { lineEarning, percentOf } from './lineEarnings';

describe('a producer’s earning from one order line', () => {
  test('without a coupon the shop keeps its commission of the price', () => {
    expect(lineEarning({ priceCents: 29_900, producerId: 7 }, null, 20)).toEqual({ priceCents: 29_900, discountCents: 0, commissionCents: 5980, netCents: 23_920 });
  });

  test('the coupon share is taken before the commission', () => {
    // 30% of 299.00 is 89.70; 20% of the 209.30 left is 41.86.
    expect(lineEarning({ priceCents: 29_900, producerId: 7 }, { percentage: 30, producerId: 7 }, 20)).toEqual({
      priceCents: 29_900,
      discountCents: 8970,
      commissionCents: 4186,
      netCents: 16_744,
    });
  });

  test("another producer's coupon leaves the line alone; a sitewide one applies to every line", () => {
    expect(lineEarning({ priceCents: 1000, producerId: 7 }, { percentage: 30, producerId: 8 }, 10).discountCents).toBe(0);
    expect(lineEarning({ priceCents: 1000, producerId: 7 }, { percentage: 30, producerId: null }, 10).discountCents).toBe(300);
  });

  test('half a cent rounds up, once per amount, and the parts always add up to the price', () => {
    expect(percentOf(1005, 10)).toBe(101); // 100.5 → 101
    expect(percentOf(1004, 10)).toBe(100); // 100.4 → 100
    // 15% of 1.99 is 29.85 → 30; 20% of the 169 left is 33.8 → 34.
    expect(lineEarning({ priceCents: 199, producerId: 1 }, { percentage: 15, producerId: null }, 20)).toEqual({ priceCents: 199, discountCents: 30, commissionCents: 34, netCents: 135 });
    for (let price = 1; price < 3000; price += 37) {
      for (const percent of [1, 7, 30, 100]) {
        const earning = lineEarning({ priceCents: price, producerId: 1 }, { percentage: percent, producerId: 1 }, 12.5);
        expect(earning.discountCents + earning.commissionCents + earning.netCents).toBe(price);
        expect(earning.netCents).toBeGreaterThanOrEqual(0);
      }
    }
  });

  test('a commission of 0 leaves the producer the whole discounted price', () => {
    expect(lineEarning({ priceCents: 5000, producerId: 1 }, null, 0).netCents).toBe(5000);
  });
});
