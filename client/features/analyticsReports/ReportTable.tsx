import { type ReactNode, useId } from 'react';
import { longDay, shortDay } from './reportFormat';

export interface ReportColumn {
  label: string;
  numeric?: boolean;
}

/**
 * The table beside a chart, with every value the chart draws. A long one (a row per day) scrolls
 * in a box of its own, which the keyboard can reach and a screen reader names.
 */
export function ReportTable({ caption, columns, children, long = false }: { caption: string; columns: readonly ReportColumn[]; children: ReactNode; long?: boolean }) {
  const id = useId();
  const table = (
    <table className="site-table report-table">
      <caption id={id} className="visually-hidden">
        {caption}
      </caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={column.numeric ? 'numeric' : undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  return long ? (
    <div className="site-table-wrap report-table-wrap report-table-wrap--long" role="region" aria-labelledby={id} tabIndex={0}>
      {table}
    </div>
  ) : (
    <div className="site-table-wrap report-table-wrap">{table}</div>
  );
}

/** A chart and its table, under a heading that names both. */
export function ReportPair({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  const id = useId();
  return (
    <section className="report-pair" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <div className="report-pair__body">
        {chart}
        {table}
      </div>
    </section>
  );
}

/**
 * A day's row header: short (`Nov 3`) when the range above the table says the year, which it does
 * unless the range runs into another year; the whole date for machines and tooltips.
 */
export function DayCell({ day, range }: { day: string; range: { from: string; to: string } }) {
  const oneYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  return (
    <th scope="row">
      <time dateTime={day} title={longDay(day)}>
        {oneYear ? shortDay(day) : longDay(day)}
      </time>
    </th>
  );
}
