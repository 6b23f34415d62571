import { analyticsDeliveriesClosed, analyticsDeliveriesRequested, selectOpenDeliveries } from '../../../shared/features/analyticsConsole/analyticsConsoleSlice';
import type { AnalyticsWebhookDelivery, AnalyticsWebhookView } from '../../../shared/schemas/analyticsWebhooks';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../sites/formatting';

/** The receiver's answer as a person reads it: its status, or why none came. */
const answerOf = (attempt: AnalyticsWebhookDelivery) => (attempt.statusCode === null ? (attempt.error ?? 'No answer') : `HTTP ${attempt.statusCode}`);

/** A webhook's latest attempts, newest first: each batch's id, its events, the receiver's answer and how long it took. */
export function DeliveryLog({ webhook }: { webhook: AnalyticsWebhookView }) {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectOpenDeliveries);
  if (open?.webhookId !== webhook.id) return null;
  const attempts = open.attempts;
  return (
    <section className="analytics-deliveries" aria-label={`Deliveries to ${webhook.url}`}>
      <div className="analytics-deliveries__head">
        <h3>Deliveries to {webhook.url}</h3>
        <div className="decisions__buttons">
          <button type="button" className="decision" onClick={() => dispatch(analyticsDeliveriesRequested(webhook.id))}>
            Refresh
          </button>
          <button type="button" className="decision" onClick={() => dispatch(analyticsDeliveriesClosed())}>
            Close
          </button>
        </div>
      </div>
      {attempts === null ? (
        <p className="muted">Loading…</p>
      ) : attempts.length === 0 ? (
        <p className="site-empty">Nothing sent yet: a batch goes out within seconds of an event.</p>
      ) : (
        <div className="site-table-wrap">
          <table className="site-table analytics-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Answer</th>
                <th scope="col" className="numeric">
                  Attempt
                </th>
                <th scope="col" className="numeric">
                  Events
                </th>
                <th scope="col" className="numeric">
                  Took
                </th>
                <th scope="col">Batch (webhook-id)</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((attempt) => (
                <tr key={attempt.id}>
                  <td>{formatDateTime(attempt.at)}</td>
                  <td>
                    <span className="status-tag" data-status={attempt.delivered ? 'paid' : 'failed'}>
                      {answerOf(attempt)}
                    </span>
                  </td>
                  <td className="numeric">{attempt.attempt}</td>
                  <td className="numeric" title={`Cursors ${attempt.firstCursor}–${attempt.lastCursor}`}>
                    {attempt.events}
                  </td>
                  <td className="numeric">{attempt.durationMs} ms</td>
                  <td>
                    <code>{attempt.batchId}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
