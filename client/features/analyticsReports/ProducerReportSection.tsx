import { MONEY_FIGURES } from '../../../shared/domain/moneyFigures';
import { selectProducerReport, selectRefusedRange, selectReportReadFailure } from '../../../shared/features/analyticsReports/analyticsReportsSlice';
import type { ProducerReport } from '../../../shared/schemas/analyticsReports';
import { useAppSelector } from '../../store/hooks';
import { COUNT_FLOOR, MONEY_FLOOR_CENTS } from './chartScale';
import { DailyBarChart } from './DailyBarChart';
import { HorizontalBarChart } from './HorizontalBarChart';
import { FigureCards } from '../sites/FigureCards';
import { ReportRangeForm } from './ReportRangeForm';
import { DayCell, ReportPair, ReportTable } from './ReportTable';
import { compactCents, compactCount, formatCents, formatCount, longDay } from './reportFormat';

const { salesAtListPrice, refundsAtListPrice } = MONEY_FIGURES;
const MONEY_PER_DAY = 'Sales and refunds at list price per day';

function Figures({ report }: { report: ProducerReport }) {
  const { totals } = report;
  const figures = [
    { label: 'Plays', value: formatCount(totals.plays) },
    { label: 'Sales', value: formatCount(totals.sales) },
    { label: salesAtListPrice, value: formatCents(totals.revenueCents) },
    { label: `${refundsAtListPrice} (${formatCount(totals.refunds)})`, value: formatCents(totals.refundedCents) },
  ];
  return <FigureCards figures={figures} className="report-figures" />;
}

function Products({ report }: { report: ProducerReport }) {
  const products = report.topProducts;
  if (products.length === 0) {
    return (
      <section className="report-pair" aria-label="Your products">
        <h3>Your products</h3>
        <p className="site-empty">None of your products was played or sold in this range.</p>
      </section>
    );
  }
  return (
    <ReportPair
      title="Your products"
      chart={
        <HorizontalBarChart
          title="Your products by plays"
          description={`${products.map((product) => `${product.name}: played ${formatCount(product.plays)}, sold ${formatCount(product.sales)}, ${formatCents(product.revenueCents)} at list price`).join('; ')}.`}
          rows={products.map((product) => ({ label: product.name, value: product.plays, valueLabel: `${formatCount(product.plays)} ${product.plays === 1 ? 'play' : 'plays'}` }))}
        />
      }
      table={
        <ReportTable
          caption="Your products (table)"
          columns={[{ label: 'Product' }, { label: 'Kind' }, { label: 'Plays', numeric: true }, { label: 'Sales', numeric: true }, { label: salesAtListPrice, numeric: true }]}
        >
          {products.map((product) => (
            <tr key={`${product.category}-${product.productId}`}>
              <th scope="row">{product.name}</th>
              <td>{product.category}</td>
              <td className="numeric">{formatCount(product.plays)}</td>
              <td className="numeric">{formatCount(product.sales)}</td>
              <td className="numeric">{formatCents(product.revenueCents)}</td>
            </tr>
          ))}
        </ReportTable>
      }
    />
  );
}

/**
 * A producer's own figures on their Dashboard (issue 13): plays, sales and refunds of their
 * products only, with the same charts as the admin's reports. The money is at list price, what
 * their products sold for; what they earned after coupons and commission is in their statements.
 */
export function ProducerReportSection() {
  const report = useAppSelector(selectProducerReport);
  const refused = useAppSelector(selectRefusedRange);
  const failure = useAppSelector(selectReportReadFailure);
  if (!report) {
    // Only a producer's home asks for their figures: a refusal or failure here is theirs.
    return refused || failure ? (
      <section aria-labelledby="producer-report">
        <h2 id="producer-report">Plays and sales</h2>
        <ReportRangeForm range={null} />
      </section>
    ) : null;
  }
  const days = report.days.map((day) => day.day);
  return (
    <section aria-labelledby="producer-report">
      <h2 id="producer-report">Plays and sales</h2>
      <ReportRangeForm range={report.range} />
      <p className="report__range">
        {longDay(report.range.from)} to {longDay(report.range.to)}, days in UTC
      </p>
      <Figures report={report} />
      <ReportPair
        title="Plays per day"
        chart={
          <DailyBarChart
            title="Plays per day"
            days={days}
            series={[{ name: 'Plays', values: report.days.map((day) => day.plays), tone: 'primary' }]}
            format={formatCount}
            tickFormat={compactCount}
            floor={COUNT_FLOOR}
          />
        }
        table={
          <ReportTable caption="Plays per day (table)" long columns={[{ label: 'Day' }, { label: 'Plays', numeric: true }]}>
            {report.days.map((day) => (
              <tr key={day.day}>
                <DayCell day={day.day} range={report.range} />
                <td className="numeric">{formatCount(day.plays)}</td>
              </tr>
            ))}
          </ReportTable>
        }
      />
      <ReportPair
        title={MONEY_PER_DAY}
        chart={
          <DailyBarChart
            title={MONEY_PER_DAY}
            days={days}
            series={[
              { name: salesAtListPrice, values: report.days.map((day) => day.revenueCents), tone: 'primary' },
              { name: refundsAtListPrice, values: report.days.map((day) => day.refundedCents), tone: 'secondary' },
            ]}
            format={formatCents}
            tickFormat={compactCents}
            floor={MONEY_FLOOR_CENTS}
          />
        }
        table={
          <ReportTable
            caption={`${MONEY_PER_DAY} (table)`}
            long
            columns={[{ label: 'Day' }, { label: 'Sales', numeric: true }, { label: salesAtListPrice, numeric: true }, { label: refundsAtListPrice, numeric: true }]}
          >
            {report.days.map((day) => (
              <tr key={day.day}>
                <DayCell day={day.day} range={report.range} />
                <td className="numeric">{formatCount(day.sales)}</td>
                <td className="numeric">{formatCents(day.revenueCents)}</td>
                <td className="numeric">{formatCents(day.refundedCents)}</td>
              </tr>
            ))}
          </ReportTable>
        }
      />
      <Products report={report} />
    </section>
  );
}
