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
  expect(csv).toContain('# Totals\r\npaid_orders,gross_revenue_usd,average_order_gross_usd,refunds,refunds_usd,net_revenue_usd\r\n0,0.00,,0,0.00,0.00\r\n');
  expect(reportFileName(report([]))).toBe('beatcrate-report-2026-11-01-to-2026-11-01.csv');
});

test('each money column is named as the page names its figure; the totals add the net revenue, gross revenue less refunds', () => {
  const csv = shopReportCsv({ ...report([]), totals: { orders: 2, revenueCents: 50_000, averageOrderCents: 25_000, refunds: 1, refundedCents: 12_345 } });
  const header = (title: string) => csv.split('\r\n')[csv.split('\r\n').indexOf(`# ${title}`) + 1];
  expect(header('Gross revenue and refunds per day')).toBe('day,paid_orders,gross_revenue_usd,refunds,refunds_usd');
  expect(csv).toContain('# Totals\r\npaid_orders,gross_revenue_usd,average_order_gross_usd,refunds,refunds_usd,net_revenue_usd\r\n2,500.00,250.00,1,123.45,376.55\r\n');
  expect(header('Top beats by sales')).toBe('product_id,name,producer,sales,sales_at_list_price_usd');
  expect(header('Coupons')).toBe('paid_orders_with_coupon,coupons_applied,coupons_denied,taken_off_by_coupons_usd');
  expect(csv).not.toMatch(/(^|[,\n])revenue_usd/);
});
