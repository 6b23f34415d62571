import { selectModerationStatus, selectReportedTracks } from '../../../shared/features/moderation/moderationSlice';
import { type ReportedTrack, UpholdSchema } from '../../../shared/schemas/moderation';
import { formErrors, REPORT_REASONS } from '../../../shared/schemas/pages';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { formatDateTime } from '../sites/formatting';
import { Decisions, ModerationStatus } from './Decisions';

const reasonLabel = (reason: string) => REPORT_REASONS.find((option) => option.value === reason)?.label ?? reason;

function ReportCard({ report }: { report: ReportedTrack }) {
  const headingId = `report-${report.reportId}`;
  const beat = report.productName ?? `Beat ${report.productId}`;
  return (
    <article className="site-card moderation-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="moderation-card__title">
        {report.listed ? <Link href={`/product/${report.productId}`}>{beat}</Link> : beat}
      </h2>
      <p className="moderation-card__by">
        {report.listed ? `by ${report.producerName ?? 'an unknown producer'}` : 'No longer in the shop: upholding only closes the report.'}
      </p>
      <dl className="moderation-facts">
        <div>
          <dt>Reason</dt>
          <dd>{reasonLabel(report.reason)}</dd>
        </div>
        <div>
          <dt>Reported</dt>
          <dd>{formatDateTime(report.reportedAt)}</dd>
        </div>
      </dl>
      <figure className="moderation-quote">
        <figcaption>The reporter wrote</figcaption>
        <blockquote>{report.details}</blockquote>
      </figure>
      <Decisions
        subject={`the report on ${beat}`}
        notedFirst
        direct={{ label: 'Dismiss', decision: { queue: 'reports', id: report.reportId, verdict: 'dismiss' } }}
        noted={{
          label: 'Uphold',
          decision: { queue: 'reports', id: report.reportId, verdict: 'uphold' },
          field: 'note',
          fieldLabel: 'Note to the producer',
          hint: 'Upholding delists the beat; its producer is told, with this note.',
          confirmLabel: 'Uphold and delist',
          validate: (values) => formErrors(values, UpholdSchema),
        }}
      />
    </article>
  );
}

/** `Reported tracks`: the open reports from `Report a violation`, oldest first. */
export function ReportedTracksPage() {
  const reports = useAppSelector(selectReportedTracks);
  const status = useAppSelector(selectModerationStatus);
  if (!reports) return null;
  return (
    <>
      <ModerationStatus message={status} />
      {reports.length === 0 ? (
        <p className="site-empty">No reports are open.</p>
      ) : (
        <ul className="site-list">
          {reports.map((report) => (
            <li key={report.reportId}>
              <ReportCard report={report} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
