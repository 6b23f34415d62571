import { useId } from 'react';
import { Field, Form } from 'react-final-form';
import { create } from 'superstruct';
import {
  analyticsKeyRequested,
  analyticsKeyRevokeRequested,
  keyBusyKey,
  NEW_KEY_BUSY,
  selectAnalyticsKeys,
  selectConsoleBusy,
  selectConsoleMade,
  selectConsoleRefusal,
} from '../../../shared/features/analyticsConsole/analyticsConsoleSlice';
import { ANALYTICS_SCOPES, type AnalyticsKeyView, type AnalyticsScope } from '../../../shared/schemas/analytics';
import { ANALYTICS_KEY_NAME_MAX_LENGTH, NewAnalyticsKeySchema } from '../../../shared/schemas/analyticsWebhooks';
import { formErrors } from '../../../shared/schemas/pages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { TextField } from '../auth/fields';
import { formatDateTime } from '../sites/formatting';
import { ConfirmButton } from './ConfirmButton';

/** What each scope lets a key do, as the form and the list say it. */
const SCOPE_LABELS: Record<AnalyticsScope, string> = {
  'events:read': 'Read events',
  'webhooks:manage': 'Manage webhooks',
};

function KeyRow({ apiKey }: { apiKey: AnalyticsKeyView }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => selectConsoleBusy(state, keyBusyKey(apiKey.id)));
  return (
    <tr>
      <th scope="row">{apiKey.name}</th>
      <td>
        <code>{apiKey.prefix}…</code>
      </td>
      <td>{apiKey.scopes.map((scope) => SCOPE_LABELS[scope]).join(', ')}</td>
      <td className="analytics-date">
        <span className="analytics-keys__label">Made </span>
        {formatDateTime(apiKey.createdAt)}
      </td>
      <td className="analytics-date">
        <span className="analytics-keys__label">Last used </span>
        {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'Never'}
      </td>
      <td className="analytics-keys__status">
        {apiKey.revokedAt ? (
          <>
            <span className="status-tag" data-status="cancelled">
              Revoked
            </span>{' '}
            <span className="analytics-by">{formatDateTime(apiKey.revokedAt)}</span>
          </>
        ) : (
          <span className="status-tag" data-status="listed">
            Active
          </span>
        )}
      </td>
      <td>
        {apiKey.revokedAt === null && (
          <ConfirmButton
            text="Revoke"
            label={`Revoke ${apiKey.name}`}
            question={`Revoke “${apiKey.name}” (${apiKey.prefix}…)? Requests made with it get 401 from the next one, and webhooks registered with it get nothing more. This cannot be undone.`}
            confirmLabel="Yes, revoke"
            busy={busy}
            onConfirm={() => dispatch(analyticsKeyRevokeRequested(apiKey.id))}
          />
        )}
      </td>
    </tr>
  );
}

interface KeyFormValues {
  name?: string;
  scopes?: string[];
}

function NewKeyForm() {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => selectConsoleBusy(state, NEW_KEY_BUSY));
  const refusal = useAppSelector((state) => selectConsoleRefusal(state, 'key'));
  const made = useAppSelector(selectConsoleMade);
  const scopesId = useId();
  const request = (values: KeyFormValues) => ({ name: values.name ?? '', scopes: values.scopes ?? [] });
  return (
    <Form<KeyFormValues>
      key={made}
      initialValues={{ scopes: ['events:read'] }}
      // `validate` ran the same schema first, so what is sent is what the server takes.
      onSubmit={(values) => void dispatch(analyticsKeyRequested(create(request(values), NewAnalyticsKeySchema)))}
      validate={(values) => formErrors(request(values), NewAnalyticsKeySchema)}
      render={({ handleSubmit, errors, submitFailed }) => (
        <form className="page-form" onSubmit={handleSubmit} noValidate aria-label="New API key">
          <TextField name="name" label={`Name (who uses it, at most ${ANALYTICS_KEY_NAME_MAX_LENGTH} characters)`} autoComplete="off" placeholder="e.g. Warehouse loader" />
          <fieldset className="analytics-choices" aria-describedby={submitFailed && errors?.scopes ? scopesId : undefined}>
            <legend>Scopes</legend>
            {ANALYTICS_SCOPES.map((scope) => (
              <label key={scope} className="checkbox">
                <Field name="scopes" type="checkbox" value={scope} component="input" />
                <span>
                  {SCOPE_LABELS[scope]} (<code>{scope}</code>)
                </span>
              </label>
            ))}
            {submitFailed && typeof errors?.scopes === 'string' && (
              <span id={scopesId} className="field__error">
                {errors.scopes}
              </span>
            )}
          </fieldset>
          {refusal && (
            <p className="field__error" role="alert">
              {refusal}
            </p>
          )}
          <button type="submit" disabled={busy}>
            Create key
          </button>
        </form>
      )}
    />
  );
}

/** The analytics API keys: made here or with `npm run analytics -- keys create`, listed without the key, revoked at once. */
export function ApiKeysSection() {
  const keys = useAppSelector(selectAnalyticsKeys);
  if (!keys) return null;
  return (
    <section aria-labelledby="analytics-keys" className="analytics-section">
      <h2 id="analytics-keys">API keys</h2>
      <p className="muted">
        A consumer sends its key as <code>Authorization: Bearer &lt;key&gt;</code> to <code>/api/v1/analytics/events</code>, <code>/analytics/stream</code> (Read events) and{' '}
        <code>/analytics/webhooks</code> (Manage webhooks). Only a hash of each key is kept.
      </p>
      {keys.length === 0 ? (
        <p className="site-empty">No API keys yet.</p>
      ) : (
        <div className="site-table-wrap analytics-keys">
          <table className="site-table analytics-table analytics-keys__table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Scopes</th>
                <th scope="col">Made</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((apiKey) => (
                <KeyRow key={apiKey.id} apiKey={apiKey} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="site-card money-form-card">
        <h3>New API key</h3>
        <NewKeyForm />
      </div>
    </section>
  );
}
