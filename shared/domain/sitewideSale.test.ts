import { sitewideSaleOn } from './sitewideSale';

describe('sitewideSaleOn', () => {
  test.each([
    ['2026-12-01T00:00:00Z', true],
    ['2026-12-15T12:00:00Z', true],
    ['2026-12-31T23:59:59Z', true],
    ['2026-11-30T23:59:59Z', false],
    ['2027-01-01T00:00:00Z', false],
    ['2026-06-15T12:00:00Z', false],
  ])('%s: sale %p', (iso, on) => {
    const sale = sitewideSaleOn(new Date(iso));
    expect(sale).toEqual(on ? { percent: 30, couponCode: 'december30' } : null);
  });
});
