import type { FormEvent } from 'react';
import { reportRangeChosen, selectRefusedRange, selectReportReadFailure } from '../../../shared/features/analyticsReports/analyticsReportsSlice';
import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/**
 * The dates of a report: a GET form to the page itself, so it works before (or without) the
 * script, which then turns it into a change of the address. The days shown are the report's, the
 * defaults filled in; what the server refused, or why the report could not be read, is said above it.
 */
export function ReportRangeForm({ range }: { range: { from: string; to: string } | null }) {
  const dispatch = useAppDispatch();
  const { pathname, search } = useAppSelector(selectLocation);
  const refused = useAppSelector(selectRefusedRange);
  const failure = useAppSelector(selectReportReadFailure);
  const asked = new URLSearchParams(search);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    dispatch(reportRangeChosen({ from: String(form.get('from') ?? '').trim(), to: String(form.get('to') ?? '').trim() }));
  };
  return (
    <>
      {refused && (
        <p className="admin-refused" role="alert">
          {refused}
        </p>
      )}
      {failure && (
        <p className="admin-refused" role="alert">
          {`The figures could not be read just now: ${failure}`}
        </p>
      )}
      {/* Keyed by the address, so the fields show the range the page shows. */}
      <form key={search} className="report-range" method="get" action={pathname} aria-label="Report dates" onSubmit={submit}>
        <label className="report-range__field">
          <span>From</span>
          <input type="date" name="from" defaultValue={range?.from ?? asked.get('from') ?? ''} />
        </label>
        <label className="report-range__field">
          <span>To</span>
          <input type="date" name="to" defaultValue={range?.to ?? asked.get('to') ?? ''} />
        </label>
        <button type="submit" className="report-range__submit">
          Show
        </button>
      </form>
    </>
  );
}
