import { useState } from 'react';
import { type AdminAction, adminActionRequested, selectAdminActing, selectAdminStatus } from '../../../shared/features/adminLists/adminListsSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/**
 * An action that cannot be taken back (a refund, a block): the first press asks, the second
 * does it. While one is on its way every button waits.
 */
export function ConfirmedAction({ action, label, question, confirmLabel }: { action: AdminAction; label: string; question: string; confirmLabel: string }) {
  const dispatch = useAppDispatch();
  const acting = useAppSelector(selectAdminActing) !== null;
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="decision admin-action" disabled={acting} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div className="admin-confirm" role="group" aria-label={label}>
      <p>{question}</p>
      <div className="decisions__buttons">
        <button
          type="button"
          className="decision decision--direct"
          disabled={acting}
          onClick={() => {
            dispatch(adminActionRequested(action));
            setAsking(false);
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" className="decision" disabled={acting} onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** What the last action did; always present, so screen readers hear each change. */
export function AdminStatus() {
  const status = useAppSelector(selectAdminStatus);
  return (
    <p className="moderation-status" role="status">
      {status ?? ''}
    </p>
  );
}

/** A definition list of facts, in the moderation cards' grid. */
export function Facts({ facts }: { facts: readonly (readonly [string, React.ReactNode])[] }) {
  return (
    <dl className="moderation-facts admin-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
