import { useId } from 'react';
import { labelledIndexes, niceCeiling, ticksUpTo } from './chartScale';
import { longDay, shortDay } from './reportFormat';

/** One series of bars: its name (the legend's), its value per day, and which of the two colours it takes. */
export interface DailySeries {
  name: string;
  values: readonly number[];
  tone: 'primary' | 'secondary';
}

/**
 * The drawing's own units. The SVG scales to its box and its text with it: 360 wide keeps the
 * labels at 11 px or more on a 375 px phone, and the charts' boxes are no wider than about 480 px.
 */
const WIDTH = 360;
const HEIGHT = 200;
const MARGIN = { top: 10, right: 18, bottom: 26, left: 44 };
/** Day labels the axis holds without overlapping. */
const DAY_LABELS = 5;

/** What a person who cannot see the bars needs of them: the total, and the busiest day, of each series. */
export function describeDays(days: readonly string[], series: readonly DailySeries[], format: (value: number) => string): string {
  const range = days.length === 1 ? longDay(days[0]!) : `${longDay(days[0]!)} to ${longDay(days[days.length - 1]!)}`;
  const parts = series.map(({ name, values }) => {
    const total = values.reduce((sum, value) => sum + value, 0);
    if (total === 0) return `${name}: none.`;
    const top = values.reduce((best, value, index) => (value > values[best]! ? index : best), 0);
    return `${name}: ${format(total)} in all, the most on ${longDay(days[top]!)} (${format(values[top]!)}).`;
  });
  return `From ${range}, by day. ${parts.join(' ')}`;
}

/**
 * A bar per day (two side by side with two series), on an axis of round values: drawn as SVG on
 * the server, so it reads without JavaScript. Its name is `title`; its description says what the
 * bars show in words; the table beside it holds every value.
 */
export function DailyBarChart({
  title,
  days,
  series,
  format,
  tickFormat,
  floor,
}: {
  title: string;
  days: readonly string[];
  series: readonly DailySeries[];
  /** A value in full (the description). */
  format: (value: number) => string;
  /** A value in short (the axis). */
  tickFormat: (value: number) => string;
  /** The least top of the axis: an empty range still draws a readable scale. */
  floor: number;
}) {
  const id = useId();
  const top = niceCeiling(Math.max(0, ...series.flatMap((one) => one.values)), floor);
  const plot = { width: WIDTH - MARGIN.left - MARGIN.right, height: HEIGHT - MARGIN.top - MARGIN.bottom };
  const slot = plot.width / Math.max(1, days.length);
  const barWidth = Math.max(1, (slot * 0.8) / series.length);
  const y = (value: number) => MARGIN.top + plot.height - (value / top) * plot.height;
  const labelled = labelledIndexes(days.length, DAY_LABELS);
  return (
    <div className="report-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{describeDays(days, series, format)}</desc>
        <g aria-hidden="true">
          {ticksUpTo(top).map((tick) => (
            <g key={tick}>
              <line className="report-chart__grid" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
              <text className="report-chart__tick" x={MARGIN.left - 5} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {tickFormat(tick)}
              </text>
            </g>
          ))}
          {days.map((day, index) => (
            <g key={day}>
              {series.map((one, which) => {
                const value = one.values[index] ?? 0;
                return value > 0 ? (
                  <rect
                    key={one.name}
                    className={`report-chart__bar report-chart__bar--${one.tone}`}
                    x={MARGIN.left + index * slot + slot * 0.1 + which * barWidth}
                    y={y(value)}
                    width={barWidth}
                    height={Math.max(1, y(0) - y(value))}
                  />
                ) : null;
              })}
              {labelled.has(index) && (
                <text className="report-chart__tick" x={MARGIN.left + (index + 0.5) * slot} y={HEIGHT - 7} textAnchor="middle">
                  {shortDay(day)}
                </text>
              )}
            </g>
          ))}
          <line className="report-chart__axis" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(0)} y2={y(0)} />
        </g>
      </svg>
      {series.length > 1 && (
        <p className="report-legend">
          {series.map((one) => (
            <span key={one.name} className="report-legend__item">
              <span className={`report-legend__swatch report-legend__swatch--${one.tone}`} aria-hidden="true" />
              {one.name}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
