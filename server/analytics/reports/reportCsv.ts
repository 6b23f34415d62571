import { csvColumn, MONEY_FIGURES, PAID_ORDERS, usdColumn } from '../../../shared/domain/moneyFigures';
import type { ShopReport } from '../../../shared/schemas/analyticsReports';
import { type CsvCell, csvRow } from '../../csv';

/** Dollars with their cents, no symbol: what a spreadsheet reads as a number. */
const usd = (cents: number) => (cents / 100).toFixed(2);
const rate = (value: number | null) => (value === null ? null : value.toFixed(4));

/** A table of the file: a `#` line naming it, its header, its rows, and a blank line after it. */
const table = (title: string, header: readonly string[], rows: readonly (readonly CsvCell[])[]) => [`# ${title}`, csvRow(header), ...rows.map(csvRow), ''];

/**
 * The admin Dashboard's report as one CSV file of several tables, each under a `# Title` line and
 * apart by a blank line, as Google Analytics exports its reports: money in USD under the names
 * the page gives it, rates as fractions, days in UTC. Lines end in CRLF (RFC 4180).
 */
export function shopReportCsv(report: ShopReport): string {
  const { range, totals, coupons } = report;
  const { grossRevenue, refunds, netRevenue, averageOrder, couponDiscount, salesAtListPrice } = MONEY_FIGURES;
  const paidOrders = csvColumn(PAID_ORDERS);
  const lines = [
    `# Beatcrate report from ${range.from} to ${range.to} (UTC days)`,
    '',
    ...table(
      `${grossRevenue} and refunds per day`,
      ['day', paidOrders, usdColumn(grossRevenue), 'refunds', usdColumn(refunds)],
      report.days.map((day) => [day.day, day.orders, usd(day.revenueCents), day.refunds, usd(day.refundedCents)]),
    ),
    ...table('Totals', [paidOrders, usdColumn(grossRevenue), usdColumn(averageOrder), 'refunds', usdColumn(refunds), usdColumn(netRevenue)], [
      [
        totals.orders,
        usd(totals.revenueCents),
        totals.averageOrderCents === null ? null : usd(totals.averageOrderCents),
        totals.refunds,
        usd(totals.refundedCents),
        usd(totals.revenueCents - totals.refundedCents),
      ],
    ]),
    ...table(
      'Funnel',
      ['step', 'people', 'rate_from_previous', 'rate_overall'],
      report.funnel.map((step) => [step.step, step.people, rate(step.fromPrevious), rate(step.overall)]),
    ),
    ...table(
      'Top beats by plays',
      ['product_id', 'name', 'producer', 'plays'],
      report.topBeatsByPlays.map((beat) => [beat.productId, beat.name, beat.producer, beat.plays]),
    ),
    ...table(
      'Top beats by sales',
      ['product_id', 'name', 'producer', 'sales', usdColumn(salesAtListPrice)],
      report.topBeatsBySales.map((beat) => [beat.productId, beat.name, beat.producer, beat.sales, usd(beat.revenueCents)]),
    ),
    ...table('Coupons', [`${paidOrders}_with_coupon`, 'coupons_applied', 'coupons_denied', usdColumn(couponDiscount)], [
      [coupons.ordersWithCoupon, coupons.applied, coupons.denied, usd(coupons.discountCents)],
    ]),
  ];
  return lines.join('\r\n');
}

/** `beatcrate-report-2026-10-29-to-2026-11-27.csv`: the range in the name, so downloads of several ranges stay apart. */
export const reportFileName = (report: ShopReport) => `beatcrate-report-${report.range.from}-to-${report.range.to}.csv`;
