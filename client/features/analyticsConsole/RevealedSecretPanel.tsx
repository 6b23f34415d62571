import { useId } from 'react';
import { analyticsSecretCopyRequested, analyticsSecretDismissed, selectRevealedSecret } from '../../../shared/features/analyticsConsole/analyticsConsoleSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

const WORDS = {
  key: {
    title: 'Your new API key',
    field: (label: string) => `API key “${label}”`,
    use: 'Consumers send it as Authorization: Bearer <key>. Only its hash is kept here, so nobody can show it to you again: if it is lost, revoke it and make another.',
  },
  webhook: {
    title: 'The new webhook’s signing secret',
    field: (label: string) => `Signing secret of ${label}`,
    use: 'The receiver verifies each delivery’s webhook-signature with it (any Standard Webhooks library does). It is not shown again: if it is lost, delete the webhook and register it anew.',
  },
} as const;

/** A key or a webhook secret, right after it was made: shown this once, with a copy button. */
export function RevealedSecretPanel() {
  const dispatch = useAppDispatch();
  const revealed = useAppSelector(selectRevealedSecret);
  const fieldId = useId();
  const headingId = useId();
  if (!revealed) return null;
  const words = WORDS[revealed.kind];
  return (
    <section className="site-card analytics-secret" aria-labelledby={headingId}>
      <h2 id={headingId}>{words.title}</h2>
      <p className="analytics-secret__warning">Copy it now: you will not see it again.</p>
      <label htmlFor={fieldId}>{words.field(revealed.label)}</label>
      <div className="analytics-secret__value">
        {/* A text area, so that a phone shows the whole secret, wrapped, rather than its first characters. */}
        <textarea id={fieldId} readOnly rows={2} value={revealed.secret} spellCheck={false} autoComplete="off" onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="decision decision--direct" onClick={() => dispatch(analyticsSecretCopyRequested())}>
          {revealed.copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="muted">{words.use}</p>
      <button type="button" className="decision" onClick={() => dispatch(analyticsSecretDismissed())}>
        I have stored it
      </button>
    </section>
  );
}
