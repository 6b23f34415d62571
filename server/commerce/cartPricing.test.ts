import { priceCart } from './cartPricing';

const fees = { serviceFeeFixed: 2.99, serviceFeePercentage: 5 };

describe('cart pricing in cents', () => {
  test('an empty cart, or one with only inactive items, costs nothing, not even the fee', () => {
    expect(priceCart([], null, fees)).toMatchObject({ subTotalCents: 0, serviceFeeCents: 0, totalCents: 0 });
    expect(priceCart([{ producerId: 1, priceCents: null }], null, fees)).toMatchObject({ subTotalWithoutCouponCents: 0, totalCents: 0 });
  });

  test('the fee is fixed plus a percentage of the subtotal after the coupon, rounded once', () => {
    // 199.99 + 0.01: subtotal 200.00, fee 2.99 + 10.00
    expect(priceCart([{ producerId: 1, priceCents: 19_999 }, { producerId: 2, priceCents: 1 }], null, fees)).toEqual({
      subTotalWithoutCouponCents: 20_000,
      discountCents: 0,
      subTotalCents: 20_000,
      serviceFeeCents: 1_299,
      totalCents: 21_299,
      couponMisses: false,
    });
  });

  test('a producer coupon discounts only that producer, each line rounded half up', () => {
    const totals = priceCart(
      [
        { producerId: 1, priceCents: 19_950 },
        { producerId: 2, priceCents: 25_000 },
        { producerId: 1, priceCents: null },
      ],
      { code: 'novakade20', percentage: 15, producerId: 1 },
      fees,
    );
    // 15% of 199.50 = 29.925 → 29.93
    expect(totals).toMatchObject({ discountCents: 2_993, subTotalCents: 41_957, couponMisses: false });
    expect(totals.totalCents).toBe(41_957 + 299 + Math.round(41_957 * 0.05));
  });

  test('a coupon with nothing to discount says so', () => {
    expect(priceCart([{ producerId: 2, priceCents: 100 }], { code: 'x', percentage: 30, producerId: 1 }, fees)).toMatchObject({ couponMisses: true, discountCents: 0 });
  });
});
