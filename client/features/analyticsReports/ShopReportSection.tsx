import { API_PREFIX } from '../../../shared/domain/constants';
import { MONEY_FIGURES, PAID_ORDERS } from '../../../shared/domain/moneyFigures';
import { selectShopReport } from '../../../shared/features/analyticsReports/analyticsReportsSlice';
import type { FunnelStep, ShopReport } from '../../../shared/schemas/analyticsReports';
import { useAppSelector } from '../../store/hooks';
import { MONEY_FLOOR_CENTS } from './chartScale';
import { DailyBarChart } from './DailyBarChart';
import { HorizontalBarChart } from './HorizontalBarChart';
import { FigureCards } from '../sites/FigureCards';
import { ReportRangeForm } from './ReportRangeForm';
import { DayCell, ReportPair, ReportTable } from './ReportTable';
import { compactCents, formatCents, formatCount, formatShare, longDay } from './reportFormat';

/** The funnel's steps in a person's words. */
export const FUNNEL_LABELS: Record<FunnelStep, string> = {
  'Product Viewed': 'Viewed a product',
  'Product Added': 'Added to a cart',
  'Checkout Started': 'Started checkout',
  'Order Completed': 'Paid an order',
};

const { grossRevenue, refunds, netRevenue, averageOrder, couponDiscount, salesAtListPrice } = MONEY_FIGURES;
const REVENUE_PER_DAY = `${grossRevenue} and refunds per day`;

function Figures({ report }: { report: ShopReport }) {
  const { totals, coupons } = report;
  const figures = [
    { label: grossRevenue, value: formatCents(totals.revenueCents) },
    { label: PAID_ORDERS, value: formatCount(totals.orders) },
    { label: averageOrder, value: totals.averageOrderCents === null ? '—' : formatCents(totals.averageOrderCents) },
    { label: `${refunds} (${formatCount(totals.refunds)})`, value: formatCents(totals.refundedCents) },
    { label: `${PAID_ORDERS} with a coupon`, value: formatCount(coupons.ordersWithCoupon) },
  ];
  return <FigureCards figures={figures} className="report-figures" />;
}

/** What the money figures count, and the net they come to, so the Dashboard's all-time net revenue above can be told from them. */
function MoneyTerms({ report }: { report: ShopReport }) {
  const { totals } = report;
  return (
    <div role="note" aria-label="What the money figures count">
      <dl className="report__terms">
        <div>
          <dt>{grossRevenue}</dt>
          <dd>what buyers paid for the orders of the range: coupons taken off, the service fee included, refunds not deducted.</dd>
        </div>
        <div>
          <dt>{refunds}</dt>
          <dd>what refunds in the range gave back, whenever the order was paid.</dd>
        </div>
        <div>
          <dt>{netRevenue}</dt>
          <dd>gross revenue less refunds: {formatCents(totals.revenueCents - totals.refundedCents)} in the range.</dd>
        </div>
      </dl>
    </div>
  );
}

function RevenuePerDay({ report }: { report: ShopReport }) {
  const { days } = report;
  return (
    <ReportPair
      title={REVENUE_PER_DAY}
      chart={
        <DailyBarChart
          title={REVENUE_PER_DAY}
          days={days.map((day) => day.day)}
          series={[
            { name: grossRevenue, values: days.map((day) => day.revenueCents), tone: 'primary' },
            { name: refunds, values: days.map((day) => day.refundedCents), tone: 'secondary' },
          ]}
          format={formatCents}
          tickFormat={compactCents}
          floor={MONEY_FLOOR_CENTS}
        />
      }
      table={
        <ReportTable
          caption={`${REVENUE_PER_DAY} (table)`}
          long
          columns={[{ label: 'Day' }, { label: PAID_ORDERS, numeric: true }, { label: grossRevenue, numeric: true }, { label: refunds, numeric: true }]}
        >
          {days.map((day) => (
            <tr key={day.day}>
              <DayCell day={day.day} range={report.range} />
              <td className="numeric">{formatCount(day.orders)}</td>
              <td className="numeric">{formatCents(day.revenueCents)}</td>
              <td className="numeric">{formatCents(day.refundedCents)}</td>
            </tr>
          ))}
        </ReportTable>
      }
    />
  );
}

function Funnel({ report }: { report: ShopReport }) {
  const { funnel } = report;
  const first = funnel[0]?.people ?? 0;
  const description =
    first === 0
      ? 'Nobody viewed a product in this range.'
      : funnel.map((step) => `${FUNNEL_LABELS[step.step]}: ${formatCount(step.people)}${step.overall === null ? '' : ` (${formatShare(step.overall)} of the first step)`}`).join('; ');
  return (
    <ReportPair
      title="Funnel"
      chart={
        <HorizontalBarChart
          title="Funnel: people at each step"
          description={`${description}.`}
          rows={funnel.map((step) => ({
            label: FUNNEL_LABELS[step.step],
            value: step.people,
            valueLabel: step.overall === null ? formatCount(step.people) : `${formatCount(step.people)} · ${formatShare(step.overall)}`,
          }))}
        />
      }
      table={
        <ReportTable
          caption="Funnel (table)"
          columns={[{ label: 'Step' }, { label: 'People', numeric: true }, { label: 'Of the step before', numeric: true }, { label: 'Of the first step', numeric: true }]}
        >
          {funnel.map((step) => (
            <tr key={step.step}>
              <th scope="row">{FUNNEL_LABELS[step.step]}</th>
              <td className="numeric">{formatCount(step.people)}</td>
              <td className="numeric">{formatShare(step.fromPrevious)}</td>
              <td className="numeric">{formatShare(step.overall)}</td>
            </tr>
          ))}
        </ReportTable>
      }
    />
  );
}

interface TopRow {
  productId: number;
  name: string;
  producer: string;
  /** The bar's length. */
  value: number;
  /** The bar's end. */
  valueLabel: string;
  /** The table's numeric cells, under `columns`. */
  cells: string[];
}

/** A top list as a chart and a table; an empty one says so instead. */
function TopBeats({ title, empty, rows, columns }: { title: string; empty: string; rows: readonly TopRow[]; columns: readonly string[] }) {
  if (rows.length === 0) {
    return (
      <section className="report-pair" aria-label={title}>
        <h3>{title}</h3>
        <p className="site-empty">{empty}</p>
      </section>
    );
  }
  return (
    <ReportPair
      title={title}
      chart={
        <HorizontalBarChart
          title={title}
          description={`${rows.map((row) => `${row.name} by ${row.producer}: ${row.valueLabel}`).join('; ')}.`}
          rows={rows.map((row) => ({ label: row.name, value: row.value, valueLabel: row.valueLabel }))}
        />
      }
      table={
        <ReportTable caption={`${title} (table)`} columns={[{ label: 'Beat' }, { label: 'Producer' }, ...columns.map((label) => ({ label, numeric: true }))]}>
          {rows.map((row) => (
            <tr key={row.productId}>
              <th scope="row">{row.name}</th>
              <td>{row.producer}</td>
              {row.cells.map((cell, index) => (
                <td key={columns[index]} className="numeric">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </ReportTable>
      }
    />
  );
}

function CouponUse({ report }: { report: ShopReport }) {
  const { coupons } = report;
  return (
    <section className="report-pair" aria-labelledby="report-coupons">
      <h3 id="report-coupons">Coupon use</h3>
      <ReportTable caption="Coupon use (table)" columns={[{ label: 'Coupons' }, { label: 'Count or amount', numeric: true }]}>
        <tr>
          <th scope="row">{PAID_ORDERS} with a coupon</th>
          <td className="numeric">{formatCount(coupons.ordersWithCoupon)}</td>
        </tr>
        <tr>
          <th scope="row">{couponDiscount}</th>
          <td className="numeric">{formatCents(coupons.discountCents)}</td>
        </tr>
        <tr>
          <th scope="row">Applied in a cart</th>
          <td className="numeric">{formatCount(coupons.applied)}</td>
        </tr>
        <tr>
          <th scope="row">Refused in a cart</th>
          <td className="numeric">{formatCount(coupons.denied)}</td>
        </tr>
      </ReportTable>
    </section>
  );
}

/**
 * The admin Dashboard's reports (issue 13 "The shop's own reports"): the shop's figures for a range
 * of days, each chart with its table, and the whole as a CSV download.
 */
export function ShopReportSection() {
  const report = useAppSelector(selectShopReport);
  const csv = report && `${API_PREFIX}/admin/analytics/report.csv?${new URLSearchParams(report.range)}`;
  return (
    <section aria-labelledby="shop-report">
      <div className="site-section-head">
        <h2 id="shop-report">Reports</h2>
        {csv && (
          <a href={csv} download>
            Download CSV
          </a>
        )}
      </div>
      <ReportRangeForm range={report?.range ?? null} />
      {report && (
        <>
          <p className="report__range">
            {longDay(report.range.from)} to {longDay(report.range.to)}, days in UTC
          </p>
          <Figures report={report} />
          <MoneyTerms report={report} />
          <RevenuePerDay report={report} />
          <Funnel report={report} />
          <TopBeats
            title="Top beats by plays"
            empty="No beat was played in this range."
            columns={['Plays']}
            rows={report.topBeatsByPlays.map((beat) => ({ ...beat, value: beat.plays, valueLabel: formatCount(beat.plays), cells: [formatCount(beat.plays)] }))}
          />
          <TopBeats
            title="Top beats by sales"
            empty="No beat was sold in this range."
            columns={['Sales', salesAtListPrice]}
            rows={report.topBeatsBySales.map((beat) => ({
              ...beat,
              value: beat.revenueCents,
              valueLabel: beat.sales === 1 ? formatCents(beat.revenueCents) : `${formatCount(beat.sales)} · ${formatCents(beat.revenueCents)}`,
              cells: [formatCount(beat.sales), formatCents(beat.revenueCents)],
            }))}
          />
          <CouponUse report={report} />
        </>
      )}
    </section>
  );
}
