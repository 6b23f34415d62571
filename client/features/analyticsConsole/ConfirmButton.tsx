import { useState } from 'react';

/**
 * A change that cannot be taken back (a key revoked, a webhook deleted): the first press asks,
 * the second does it.
 */
export function ConfirmButton({ text, label, question, confirmLabel, busy, onConfirm }: {
  /** What the button says; `label` names it for screen readers, with what it acts on. */
  text: string;
  label: string;
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="decision" disabled={busy} onClick={() => setAsking(true)} aria-label={label}>
        {text}
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
          disabled={busy}
          onClick={() => {
            onConfirm();
            setAsking(false);
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" className="decision" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
