import { selectModerationStatus, selectPendingProducers } from '../../../shared/features/moderation/moderationSlice';
import { RejectionSchema } from '../../../shared/schemas/verification';
import { formErrors } from '../../../shared/schemas/pages';
import { useAppSelector } from '../../store/hooks';
import { formatDate, formatDateTime } from '../sites/formatting';
import { Decisions, ModerationStatus } from './Decisions';

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/** The country's English name from its ISO code, the code itself when it is not one. */
function countryName(code: string): string {
  try {
    return REGIONS.of(code) ?? code;
  } catch {
    return code;
  }
}

/** `Pending producers`: each identity verification waiting for a moderator, with what to decide on. */
export function PendingProducersPage() {
  const producers = useAppSelector(selectPendingProducers);
  const status = useAppSelector(selectModerationStatus);
  if (!producers) return null;
  return (
    <>
      <ModerationStatus message={status} />
      {producers.length === 0 ? (
        <p className="site-empty">No producers are waiting for verification.</p>
      ) : (
        <ul className="site-list">
          {producers.map((producer) => {
            const headingId = `pending-producer-${producer.userId}`;
            return (
              <li key={producer.userId}>
                <article className="site-card moderation-card" aria-labelledby={headingId}>
                  <h2 id={headingId} className="moderation-card__title">
                    {producer.artistName}
                  </h2>
                  <dl className="moderation-facts">
                    <div>
                      <dt>Page address</dt>
                      <dd>{`/${producer.shortName}`}</dd>
                    </div>
                    <div>
                      <dt>Country</dt>
                      <dd>{countryName(producer.country)}</dd>
                    </div>
                    <div>
                      <dt>Legal name</dt>
                      <dd>{producer.legalName}</dd>
                    </div>
                    <div>
                      <dt>Date of birth</dt>
                      <dd>{`${formatDate(`${producer.dateOfBirth}T00:00:00Z`)} (age ${producer.age})`}</dd>
                    </div>
                    <div>
                      <dt>Submitted</dt>
                      <dd>{formatDateTime(producer.submittedAt)}</dd>
                    </div>
                  </dl>
                  <Decisions
                    subject={producer.artistName}
                    direct={{ label: 'Approve', decision: { queue: 'producers', id: producer.userId, verdict: 'approve' } }}
                    noted={{
                      label: 'Reject',
                      decision: { queue: 'producers', id: producer.userId, verdict: 'reject' },
                      field: 'reason',
                      fieldLabel: 'Reason',
                      hint: 'The producer reads this reason, to correct their request.',
                      confirmLabel: 'Reject request',
                      validate: (values) => formErrors(values, RejectionSchema),
                    }}
                  />
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
