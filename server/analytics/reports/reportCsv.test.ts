import type { ShopReport } from '../../../shared/schemas/analyticsReports';
import { reportFileName, shopReportCsv } from './reportCsv';

const report = (names: string[]): ShopReport => ({
  range: { from: '2026-11-01', to: '2026-11-01' },
  days: [{ day: '2026-11-01', orders: 1, revenueCents: 123_456, refunds: 0, refundedCents: 0 }],
  totals: { orders: 1, revenueCents: 123_456, averageOrderCents: 123_456, refunds: 0, refundedCents: 0 },
  funnel: [],
  topBeatsByPlays: names.map((name, index) => ({ productId: index + 1, name, producer: 'Nova Kade', plays: 3 })),
  topBeatsBySales: [],
  coupons: { ordersWithCoupon: 0, applied: 0, denied: 0, discountCents: 0 },
});

const playsTable = (csv: string) => {
  const lines = csv.split('\r\n');
  const start = lines.indexOf('# Top beats by plays') + 2;
  return lines.slice(start, lines.indexOf('', start));
};

test('names a spreadsheet would run as formulas are written as text, and quotes and commas are quoted', () => {
  const csv = shopReportCsv(report(['=HYPERLINK("https://evil.example","Click")', '+1 Mood', '-Dark', '@Home', 'Rain, "Live"', 'Plain']));
  expect(playsTable(csv)).toEqual([
    `1,"'=HYPERLINK(""https://evil.example"",""Click"")",Nova Kade,3`,
    `2,'+1 Mood,Nova Kade,3`,
    `3,'-Dark,Nova Kade,3`,
    `4,'@Home,Nova Kade,3`,
    `5,"Rain, ""Live""",Nova Kade,3`,
    '6,Plain,Nova Kade,3',
  ]);
});

test('money is dollars with cents, a missing average an empty cell; the file is named for its range', () => {
  const csv = shopReportCsv({ ...report([]), totals: { orders: 0, revenueCents: 0, averageOrderCents: null, refunds: 0, refundedCents: 0 } });
  expect(csv).toContain('\r\n2026-11-01,1,1234.56,0,0.00\r\n');
  expect(csv).toContain('# Totals\r\norders,revenue_usd,average_order_usd,refunds,refunded_usd\r\n0,0.00,,0,0.00\r\n');
  expect(reportFileName(report([]))).toBe('beatcrate-report-2026-11-01-to-2026-11-01.csv');
});
