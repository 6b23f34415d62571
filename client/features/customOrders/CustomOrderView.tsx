import { type FormEvent, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { formatUsd } from '../../../shared/domain/money';
import {
  type CustomOrderSide,
  type CustomOrderStep,
  customOrderStepRequested,
  deliveryRequested,
  selectCustomOrderBusy,
  selectCustomOrderError,
  selectCustomOrderStatus,
} from '../../../shared/features/customOrders/customOrdersSlice';
import { CUSTOM_ORDER_LIMITS, type CustomOrderDetail, CustomOrderMessage, DeclineCustomOrder, DeliveryMessage, RevisionRequest, type ThreadEntry } from '../../../shared/schemas/customOrders';
import { formErrors } from '../../../shared/schemas/pages';
import type { Struct } from 'superstruct';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDate, formatDateTime } from '../sites/formatting';
import { formatBytes, stateLabel, stateTone } from './customOrderText';
import { DeliveryUploaderContext } from './deliveryUploaderContext';

/** A text form for one step (a message, a reason, a revision), checked with the server's schema before it goes. */
function TextStep({
  id,
  label,
  field,
  schema,
  submitLabel,
  onSend,
  children,
}: {
  id: string;
  label: string;
  field: string;
  // Any form schema: the field is checked as the server checks it.
  schema: Struct<any, any>;
  submitLabel: string;
  /** Answers false when the step did not go (a check beside the text refused it). */
  onSend: (text: string) => unknown;
  children?: ReactNode;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const busy = useAppSelector(selectCustomOrderBusy) !== null;
  const failure = useAppSelector(selectCustomOrderError);
  const refused = failure?.fieldErrors[field];
  const shown = error ?? refused;
  // The text is kept until the server has taken the step: a refused one is corrected, not typed again.
  const sent = useRef(false);
  useEffect(() => {
    if (!sent.current || busy) return;
    sent.current = false;
    if (!failure) setText('');
  }, [busy, failure]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = formErrors({ [field]: text }, schema)[field];
    setError(found);
    if (!found && onSend(text) !== false) sent.current = true;
  };
  return (
    <form className="service-order__step" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          rows={3}
          maxLength={CUSTOM_ORDER_LIMITS.message.max}
          value={text}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {shown && (
          <span id={`${id}-error`} className="field__error">
            {shown}
          </span>
        )}
      </div>
      {children}
      <button type="submit" className="studio-button" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}

/** The seller's delivery: a message and the files, held for the saga under an upload id. */
function DeliveryForm({ order, side }: { order: CustomOrderDetail; side: CustomOrderSide }) {
  const dispatch = useAppDispatch();
  const uploader = useContext(DeliveryUploaderContext);
  const files = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const refused = useAppSelector(selectCustomOrderError)?.fieldErrors.files;
  const busy = useAppSelector(selectCustomOrderBusy) === 'deliver';
  return (
    <TextStep
      id="custom-order-delivery"
      label="Delivery message"
      field="message"
      schema={DeliveryMessage.form}
      submitLabel={busy ? 'Delivering…' : 'Deliver'}
      onSend={(message) => {
        const chosen = [...(files.current?.files ?? [])];
        if (chosen.length === 0 || chosen.length > CUSTOM_ORDER_LIMITS.files) {
          setFileError(chosen.length === 0 ? 'Attach at least one file' : `A delivery holds at most ${CUSTOM_ORDER_LIMITS.files} files`);
          return false;
        }
        setFileError(undefined);
        if (!uploader) return false;
        const uploadId = `${order.id}-${chosen.map((file) => `${file.name}:${file.size}`).join('|')}`;
        uploader.hold(uploadId, chosen);
        dispatch(deliveryRequested({ id: order.id, side, uploadId }, message));
      }}
    >
      <div className="field">
        <label htmlFor="custom-order-files">Files (WAV, AIFF, FLAC, MP3, ZIP or PDF; up to {CUSTOM_ORDER_LIMITS.files}, each at most {CUSTOM_ORDER_LIMITS.fileBytes / (1024 * 1024)} MB)</label>
        <input id="custom-order-files" ref={files} type="file" multiple accept=".wav,.aif,.aiff,.flac,.mp3,.zip,.pdf" aria-describedby={fileError ?? refused ? 'custom-order-files-error' : undefined} />
        {(fileError ?? refused) && (
          <span id="custom-order-files-error" className="field__error">
            {fileError ?? refused}
          </span>
        )}
      </div>
    </TextStep>
  );
}

function Actions({ order, side }: { order: CustomOrderDetail; side: CustomOrderSide }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectCustomOrderBusy) !== null;
  const can = (action: CustomOrderDetail['actions'][number]) => order.actions.includes(action);
  const step = (action: CustomOrderStep['action'], text?: string) => dispatch(customOrderStepRequested({ id: order.id, side, action }, text));
  const buttons = (
    <div className="studio-form__actions">
      {can('accept') && (
        <button type="button" className="studio-button studio-button--primary" disabled={busy} onClick={() => step('accept')}>
          Accept order
        </button>
      )}
      {can('acceptDelivery') && (
        <button type="button" className="studio-button studio-button--primary" disabled={busy} onClick={() => step('acceptDelivery')}>
          Accept delivery
        </button>
      )}
    </div>
  );
  return (
    <>
      {buttons}
      {can('deliver') && <DeliveryForm order={order} side={side} />}
      {can('askRevision') && (
        <TextStep id="custom-order-revision" label={`What to change (${order.revisionsLeft} revision left)`} field="text" schema={RevisionRequest.form} submitLabel="Ask for a revision" onSend={(text) => step('askRevision', text)} />
      )}
      {can('decline') && (
        <TextStep id="custom-order-decline" label="Reason to decline (the buyer reads it; the price is refunded)" field="reason" schema={DeclineCustomOrder.form} submitLabel="Decline and refund" onSend={(text) => step('decline', text)} />
      )}
    </>
  );
}

const THREAD_KIND = { message: 'wrote', delivery: 'delivered', revision: 'asked for a revision', declined: 'declined' } as const;

/** Who did what: a refund is the shop's, never its seller's. */
const threadStep = (entry: ThreadEntry, who: (from: ThreadEntry['from']) => string) =>
  entry.kind === 'refunded' ? 'Payment refunded' : `${who(entry.from)} ${THREAD_KIND[entry.kind]}`;

/**
 * One custom order as its buyer or its seller (the shop, or the producer whose offer it is) sees
 * it: facts, the job, the files, the thread, and the steps allowed now.
 */
export function CustomOrderView({ order, side }: { order: CustomOrderDetail; side: CustomOrderSide }) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectCustomOrderStatus);
  const refused = useAppSelector(selectCustomOrderError);
  // The thread's `shop` is whoever does the work: the shop, or the producer of the offer; staff reading a producer's order are neither party.
  const who = (from: 'buyer' | 'shop') =>
    from === 'buyer' ? (order.viewer === 'buyer' ? 'You' : order.buyerName) : order.viewer === 'seller' ? `You (${order.sellerName})` : order.sellerName;
  return (
    <article className="service-order" aria-labelledby="custom-order-heading">
      <h2 id="custom-order-heading" className="service-order__title">
        {order.serviceName}{' '}
        <span className="status-tag" data-status={stateTone(order.state)}>
          {stateLabel(order.state, order.viewer)}
        </span>
        {order.refunded && (
          <span className="status-tag" data-status="failed">
            Refunded
          </span>
        )}
        {order.overdue && (
          <span className="status-tag service-order__overdue" data-status="failed">
            Overdue
          </span>
        )}
      </h2>
      <p role="status" className="service-order__status">
        {status}
      </p>
      {refused && Object.keys(refused.fieldErrors).length === 0 && (
        <p role="alert" className="field__error">
          {refused.message}
        </p>
      )}
      <dl className="service-order__facts site-card">
        <div>
          <dt>Price</dt>
          <dd>{formatUsd(order.price)}</dd>
        </div>
        <div>
          <dt>Ordered</dt>
          <dd>{formatDateTime(order.requestedAt)}</dd>
        </div>
        <div>
          <dt>Deadline</dt>
          <dd>{order.deadline ? formatDate(order.deadline) : 'Set when paid'}</dd>
        </div>
        {order.viewer !== 'buyer' && (
          <div>
            <dt>Buyer</dt>
            <dd>{order.buyerName}</dd>
          </div>
        )}
        {order.viewer !== 'seller' && (
          <div>
            <dt>Seller</dt>
            <dd>{order.sellerName}</dd>
          </div>
        )}
        {order.downloadsUntil && (
          <div>
            <dt>Downloads until</dt>
            <dd>{formatDate(order.downloadsUntil)}</dd>
          </div>
        )}
      </dl>
      {order.failureReason && <p className="field__error">{order.failureReason}</p>}
      {order.nextActionUrl && (
        <p>
          <a className="studio-button" href={order.nextActionUrl}>
            Confirm your payment
          </a>
        </p>
      )}
      <h3>The job</h3>
      <p className="service-order__brief">{order.brief}</p>
      {order.files.length > 0 && (
        <>
          <h3>Delivered files</h3>
          <ul className="service-order__files">
            {order.files.map((file) => (
              <li key={file.id}>
                <a className="studio-button" href={file.url} download={file.name} aria-label={`Download ${file.name}`}>
                  Download
                </a>
                <span>
                  {file.name} <span className="muted">({formatBytes(file.bytes)})</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Actions order={order} side={side} />
      <h3>Messages</h3>
      {order.thread.length === 0 ? (
        <p className="site-empty">No messages yet.</p>
      ) : (
        <ol className="service-order__thread">
          {order.thread.map((entry, index) => (
            <li key={index} className="site-card service-order__entry" data-from={entry.from}>
              <p className="service-order__meta muted">
                {threadStep(entry, who)} · {formatDateTime(entry.at)}
              </p>
              <p className="service-order__text">{entry.text}</p>
            </li>
          ))}
        </ol>
      )}
      {order.actions.includes('message') && (
        <TextStep
          id="custom-order-message"
          label={side === 'buyer' ? `Write to ${order.sellerName}` : 'Write to the buyer'}
          field="text"
          schema={CustomOrderMessage.form}
          submitLabel="Send message"
          onSend={(text) => dispatch(customOrderStepRequested({ id: order.id, side, action: 'message' }, text))}
        />
      )}
    </article>
  );
}
