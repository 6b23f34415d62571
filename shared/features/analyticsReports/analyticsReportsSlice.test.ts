import { loggedOut } from '../auth/authSlice';
import type { ShopReport } from '../../schemas/analyticsReports';
import analyticsReportsSlice, { reportRangeRefused, reportReadFailed, shopReportLoaded } from './analyticsReportsSlice';

const { reducer } = analyticsReportsSlice;

const REPORT: ShopReport = {
  range: { from: '2026-11-01', to: '2026-11-30' },
  days: [],
  totals: { orders: 0, revenueCents: 0, averageOrderCents: null, refunds: 0, refundedCents: 0 },
  funnel: [],
  topBeatsByPlays: [],
  topBeatsBySales: [],
  coupons: { ordersWithCoupon: 0, applied: 0, denied: 0, discountCents: 0 },
};

test('a refused range or a failed read takes the figures of the range before off the page', () => {
  const shown = reducer(undefined, shopReportLoaded(REPORT));
  expect(reducer(shown, reportRangeRefused('The "from" date must not be after the "to" date'))).toEqual({
    shop: null,
    producer: null,
    refusedRange: 'The "from" date must not be after the "to" date',
    readFailure: null,
  });
  expect(reducer(shown, reportReadFailed('The database is unavailable'))).toMatchObject({ shop: null, readFailure: 'The database is unavailable' });
});

test('a report read clears what was said about the range before, and logging out forgets it', () => {
  const refused = reducer(undefined, reportRangeRefused('nope'));
  const shown = reducer(refused, shopReportLoaded(REPORT));
  expect(shown).toMatchObject({ shop: REPORT, refusedRange: null, readFailure: null });
  expect(reducer(shown, loggedOut())).toEqual({ shop: null, producer: null, refusedRange: null, readFailure: null });
});
