import { type AnalyticsReportQuery, DEFAULT_REPORT_DAYS, daysBetween, MAX_REPORT_DAYS } from '../../../shared/schemas/analyticsReports';
import { HttpError } from '../../http/endpoint';

const DAY_MS = 86_400_000;

/** A report's UTC days, both ends included, and the instants they span for the indexed `occurred_at`. */
export interface ReportRange {
  from: string;
  to: string;
  /** The first millisecond of `from`. */
  startMs: number;
  /** The first millisecond after `to`. */
  endMs: number;
  /** Every day of the range, in order: the charts show a quiet day as a zero, not as a gap. */
  days: string[];
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The range a report's query asks for, its missing ends filled from today (the server's clock,
 * UTC): `to` today, `from` so that the range holds DEFAULT_REPORT_DAYS days. The schema has checked
 * what was given; a range made long by a default (`from` alone, years back) is refused here.
 */
export function resolveReportRange(query: AnalyticsReportQuery, now: Date): ReportRange {
  const today = dayOf(now.getTime());
  // `from` alone, in the future: a one-day range rather than one that ends before it starts.
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? dayOf(startOf(to) - (DEFAULT_REPORT_DAYS - 1) * DAY_MS);
  const length = daysBetween(from, to);
  if (length > MAX_REPORT_DAYS) throw new HttpError(400, `A report covers at most ${MAX_REPORT_DAYS} days; this range has ${length}`);
  const startMs = startOf(from);
  return { from, to, startMs, endMs: startOf(to) + DAY_MS, days: Array.from({ length }, (_, index) => dayOf(startMs + index * DAY_MS)) };
}
