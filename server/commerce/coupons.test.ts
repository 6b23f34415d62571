import { normalizeCouponCode, sitewideSaleOpen } from './coupons';

describe('coupon rules', () => {
  test('codes are trimmed and lowercased', () => {
    expect(normalizeCouponCode('  December30 ')).toBe('december30');
    expect(normalizeCouponCode(null)).toBe('');
  });

  test.each([
    ['2026-11-30T23:59:59.999Z', false],
    ['2026-12-01T00:00:00.000Z', true],
    ['2026-12-15T12:00:00.000Z', true],
    ['2026-12-31T23:59:59.999Z', true],
    ['2027-01-01T00:00:00.000Z', false],
    ['2027-06-01T00:00:00.000Z', false],
  ])('the sitewide sale on %s is open: %s', (at, open) => {
    expect(sitewideSaleOpen(new Date(at))).toBe(open);
  });
});
