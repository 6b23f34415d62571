import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { decisionRequested, type ModerationDecision, selectIsDeciding } from '../../../shared/features/moderation/moderationSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { TextAreaField } from '../pages/formFields';

/** A decision taken with one press: Approve, Dismiss. */
export interface DirectDecision {
  label: string;
  decision: ModerationDecision;
}

/** A decision that asks for words first (a rejection's reason, an upheld report's note), checked as the server checks them. */
export interface NotedDecision extends DirectDecision {
  field: 'reason' | 'note';
  fieldLabel: string;
  /** Who reads the words, said beside the field. */
  hint: string;
  confirmLabel: string;
  /** The field's error by the server's own schema (`formErrors`), so both say the same words. */
  validate: (values: Record<string, unknown>) => Partial<Record<string, string>>;
}

/**
 * A queue row's decisions. The one that needs words opens a small form under the buttons; its
 * text goes with the decision and nowhere else. While a decision is on its way the buttons wait.
 * `subject` names the row in each button's accessible name ("Approve Mara Vale").
 */
export function Decisions({ subject, direct, noted, notedFirst = false }: { subject: string; direct: DirectDecision; noted: NotedDecision; notedFirst?: boolean }) {
  const dispatch = useAppDispatch();
  const deciding = useAppSelector((state) => selectIsDeciding(state, direct.decision.queue, direct.decision.id));
  const [asking, setAsking] = useState(false);
  const directButton = (
    <button type="button" className="decision decision--direct" disabled={deciding} aria-label={`${direct.label} ${subject}`} onClick={() => dispatch(decisionRequested(direct.decision))}>
      {direct.label}
    </button>
  );
  const notedButton = (
    <button type="button" className="decision decision--noted" disabled={deciding} aria-expanded={asking} aria-label={`${noted.label} ${subject}`} onClick={() => setAsking(!asking)}>
      {noted.label}
    </button>
  );
  return (
    <div className="decisions">
      <div className="decisions__buttons">
        {notedFirst ? notedButton : directButton}
        {notedFirst ? directButton : notedButton}
      </div>
      {asking && <NoteForm subject={subject} noted={noted} deciding={deciding} onCancel={() => setAsking(false)} />}
    </div>
  );
}

function NoteForm({ subject, noted, deciding, onCancel }: { subject: string; noted: NotedDecision; deciding: boolean; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const box = useRef<HTMLFormElement>(null);
  // The field the moderator opened the form for takes the keyboard at once.
  useEffect(() => box.current?.querySelector('textarea')?.focus(), []);
  return (
    <Form<Record<string, string | undefined>>
      onSubmit={(values) => void dispatch(decisionRequested(noted.decision, values[noted.field] ?? ''))}
      validate={noted.validate}
      render={({ handleSubmit }) => (
        <form ref={box} className="page-form decisions__form" onSubmit={handleSubmit} noValidate aria-label={`${noted.label} ${subject}`}>
          <TextAreaField name={noted.field} label={noted.fieldLabel} rows={3} />
          <p className="decisions__hint">{noted.hint}</p>
          <div className="decisions__buttons">
            <button type="submit" disabled={deciding}>
              {noted.confirmLabel}
            </button>
            <button type="button" className="decision" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
    />
  );
}

/** The page's status region: what the last decision did. Always present, so screen readers hear each change. */
export function ModerationStatus({ message }: { message: string | null }) {
  return (
    <p className="moderation-status" role="status">
      {message ?? ''}
    </p>
  );
}
