import { Field, Form } from 'react-final-form';
import { create } from 'superstruct';
import {
  analyticsDeliveriesRequested,
  analyticsWebhookChangeRequested,
  analyticsWebhookRequested,
  NEW_WEBHOOK_BUSY,
  selectAnalyticsWebhooks,
  selectConsoleBusy,
  selectConsoleMade,
  selectConsoleRefusal,
  selectOpenDeliveries,
  webhookBusyKey,
} from '../../../shared/features/analyticsConsole/analyticsConsoleSlice';
import { ANALYTICS_EVENT_NAMES } from '../../../shared/schemas/analytics';
import { type AnalyticsWebhookView, NewWebhookSchema, WEBHOOK_URL_MAX_LENGTH } from '../../../shared/schemas/analyticsWebhooks';
import { formErrors } from '../../../shared/schemas/pages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { TextField } from '../auth/fields';
import { formatDateTime } from '../sites/formatting';
import { ConfirmButton } from './ConfirmButton';
import { DeliveryLog } from './DeliveryLog';

const STATE_LABELS: Record<AnalyticsWebhookView['state'], { text: string; tag: string }> = {
  active: { text: 'Active', tag: 'listed' },
  disabled: { text: 'Paused', tag: 'pending' },
  'key revoked': { text: 'Its key is revoked', tag: 'cancelled' },
};

function WebhookState({ webhook }: { webhook: AnalyticsWebhookView }) {
  const state = STATE_LABELS[webhook.state];
  return (
    <>
      <span className="status-tag" data-status={state.tag}>
        {state.text}
      </span>
      {webhook.failures > 0 && webhook.retryAt && (
        <span className="analytics-failing">
          {webhook.failures} failed {webhook.failures === 1 ? 'attempt' : 'attempts'}; next {formatDateTime(webhook.retryAt)}
        </span>
      )}
    </>
  );
}

function WebhookRow({ webhook }: { webhook: AnalyticsWebhookView }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => selectConsoleBusy(state, webhookBusyKey(webhook.id)));
  const logOpen = useAppSelector(selectOpenDeliveries)?.webhookId === webhook.id;
  const change = (kind: 'disable' | 'enable' | 'delete') => dispatch(analyticsWebhookChangeRequested({ id: webhook.id, change: kind }));
  return (
    <tr>
      <th scope="row" className="analytics-url">
        {webhook.url}
        <span className="analytics-by">
          Registered {formatDateTime(webhook.createdAt)} {webhook.createdByKeyPrefix ? `with key ${webhook.createdByKeyPrefix}…` : 'in the console'}
        </span>
      </th>
      <td className="analytics-events">{webhook.types.length === 0 ? 'All events' : webhook.types.join(', ')}</td>
      <td className="analytics-state">
        <WebhookState webhook={webhook} />
      </td>
      <td className="numeric">{webhook.deliveredThrough}</td>
      <td>
        <div className="analytics-actions">
          <button type="button" className="decision" aria-expanded={logOpen} onClick={() => dispatch(analyticsDeliveriesRequested(webhook.id))} aria-label={`Deliveries to ${webhook.url}`}>
            Deliveries
          </button>
          {webhook.state === 'active' && (
            <button type="button" className="decision" disabled={busy} onClick={() => change('disable')} aria-label={`Pause ${webhook.url}`}>
              Pause
            </button>
          )}
          {webhook.state === 'disabled' && (
            <button type="button" className="decision" disabled={busy} onClick={() => change('enable')} aria-label={`Resume ${webhook.url}`}>
              Resume
            </button>
          )}
          <ConfirmButton
            text="Delete"
            label={`Delete ${webhook.url}`}
            question={`Delete the webhook to ${webhook.url}? Nothing more is sent to it, and its secret stops meaning anything.`}
            confirmLabel="Yes, delete"
            busy={busy}
            onConfirm={() => change('delete')}
          />
        </div>
      </td>
    </tr>
  );
}

interface WebhookFormValues {
  url?: string;
  types?: string[];
}

function NewWebhookForm() {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => selectConsoleBusy(state, NEW_WEBHOOK_BUSY));
  const refusal = useAppSelector((state) => selectConsoleRefusal(state, 'webhook'));
  const made = useAppSelector(selectConsoleMade);
  const request = (values: WebhookFormValues) => ({ url: values.url ?? '', types: values.types ?? [] });
  return (
    <Form<WebhookFormValues>
      key={made}
      // `validate` ran the same schema first, so what is sent is what the server takes.
      onSubmit={(values) => void dispatch(analyticsWebhookRequested(create(request(values), NewWebhookSchema)))}
      validate={(values) => formErrors(request(values), NewWebhookSchema)}
      render={({ handleSubmit }) => (
        <form className="page-form analytics-webhook-form" onSubmit={handleSubmit} noValidate aria-label="New webhook">
          <TextField name="url" label="Receiver URL (https://)" type="url" autoComplete="off" placeholder="https://example.com/hooks/beatcrate" serverError={refusal} />
          <p className="field__hint">
            At most {WEBHOOK_URL_MAX_LENGTH} characters, no user name or password in it. The host must resolve to public addresses only.
          </p>
          <fieldset className="analytics-choices analytics-choices--events">
            <legend>Events (none ticked: every event)</legend>
            {ANALYTICS_EVENT_NAMES.map((name) => (
              <label key={name} className="checkbox">
                <Field name="types" type="checkbox" value={name} component="input" />
                {name}
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={busy}>
            Register webhook
          </button>
        </form>
      )}
    />
  );
}

/**
 * The webhooks: each receives the stream's events as they happen, in batches, signed the Standard
 * Webhooks way, retried until it answers; paused, resumed, deleted here, with each one's delivery log.
 */
export function WebhooksSection() {
  const webhooks = useAppSelector(selectAnalyticsWebhooks);
  if (!webhooks) return null;
  return (
    <section aria-labelledby="analytics-webhooks" className="analytics-section">
      <h2 id="analytics-webhooks">Webhooks</h2>
      <p className="muted">
        Each delivery POSTs up to 100 events in stream order as <code>{'{"events": [...]}'}</code>, signed with the webhook’s secret (headers <code>webhook-id</code>,{' '}
        <code>webhook-timestamp</code>, <code>webhook-signature</code>). A batch that gets no 2xx within 10 s is sent again, with the same <code>webhook-id</code>, after 5 s, then
        twice as long each time, at most an hour; later events wait behind it.
      </p>
      {webhooks.length === 0 ? (
        <p className="site-empty">No webhooks yet.</p>
      ) : (
        <div className="site-table-wrap">
          <table className="site-table analytics-table">
            <thead>
              <tr>
                <th scope="col">Receiver</th>
                <th scope="col">Events</th>
                <th scope="col">State</th>
                <th scope="col" className="numeric">
                  Delivered through
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {webhooks.map((webhook) => (
                <WebhookRow key={webhook.id} webhook={webhook} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {webhooks.map((webhook) => (
        <DeliveryLog key={webhook.id} webhook={webhook} />
      ))}
      <div className="site-card money-form-card">
        <h3>New webhook</h3>
        <NewWebhookForm />
      </div>
    </section>
  );
}
