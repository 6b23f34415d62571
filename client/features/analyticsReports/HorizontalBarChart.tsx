import { useId } from 'react';

export interface BarRow {
  /** What the bar is of (a funnel step, a beat's name). */
  label: string;
  value: number;
  /** The value as the bar's end says it: `12`, `$250.00`, `120 · 48%`. */
  valueLabel: string;
}

/** The drawing's own units, as the daily chart's (DailyBarChart.tsx): 360 wide. */
const WIDTH = 360;
const ROW = 28;
const BAR = 16;
const PAD = 6;
const LABEL_WIDTH = 142;
/** Room after the longest bar for its value. */
const VALUE_WIDTH = 80;
/** Longer labels are cut with an ellipsis (the whole of it is in the table beside, and in the bar's tooltip). */
const LABEL_CHARS = 16;

const shortened = (label: string) => (label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1).trimEnd()}…` : label);

/**
 * A bar per row, longest for the largest value, each labelled and valued: a funnel's steps, a top
 * list. SVG drawn on the server; named by `title`, described by `description`.
 */
export function HorizontalBarChart({ title, description, rows }: { title: string; description: string; rows: readonly BarRow[] }) {
  const id = useId();
  const height = rows.length * ROW + PAD * 2;
  const longest = Math.max(1, ...rows.map((row) => row.value));
  const room = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  return (
    <div className="report-chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g aria-hidden="true">
          {rows.map((row, index) => {
            const middle = PAD + index * ROW + ROW / 2;
            const length = row.value === 0 ? 0 : Math.max(2, (row.value / longest) * room);
            return (
              <g key={`${index}-${row.label}`}>
                <text className="report-chart__label" x={LABEL_WIDTH - 8} y={middle} textAnchor="end" dominantBaseline="middle">
                  <title>{row.label}</title>
                  {shortened(row.label)}
                </text>
                <rect className="report-chart__bar report-chart__bar--primary" x={LABEL_WIDTH} y={middle - BAR / 2} width={length} height={BAR} rx={2} />
                <text className="report-chart__value" x={LABEL_WIDTH + length + 6} y={middle} dominantBaseline="middle">
                  {row.valueLabel}
                </text>
              </g>
            );
          })}
          <line className="report-chart__axis" x1={LABEL_WIDTH} x2={LABEL_WIDTH} y1={PAD / 2} y2={height - PAD / 2} />
        </g>
      </svg>
    </div>
  );
}
