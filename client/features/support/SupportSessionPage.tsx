import { useEffect, useMemo, useRef, useState } from 'react';
import { API_PREFIX } from '../../../shared/domain/constants';
import { formatUsd } from '../../../shared/domain/money';
import {
  selectSupportAt,
  selectSupportSession,
  selectSupportStep,
  selectSupportStepError,
  supportShowAllChosen,
  supportStepChosen,
} from '../../../shared/features/support/supportSlice';
import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
import { rowOf, SHOW_ALL_PARAM, type TimelineRow, timelineRows } from '../../../shared/features/support/timelineRows';
import type { SupportDownload, SupportEvent, SupportSessionDetail, SupportStepView } from '../../../shared/schemas/support';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Facts } from '../adminLists/AdminActions';
import { useAdminHref } from '../adminLists/useAdminHref';
import { Link } from '../navigation/Link';
import { formatDateTime } from '../sites/formatting';
import { formatDuration } from './SupportSessionsPage';

/** The replayed page is drawn at the buyer's width and scaled down to the column it sits in. */
const FALLBACK_COLUMN_PX = 560;

type TimelineItem =
  | { kind: 'row'; at: number; row: TimelineRow }
  | { kind: 'event'; at: number; event: SupportEvent }
  | { kind: 'download'; at: number; download: SupportDownload };

/** The browser's rows and the server's events and downloads in one column, by time; a step before the server's record of the same moment. */
function timelineOf(detail: SupportSessionDetail, rows: readonly TimelineRow[]): TimelineItem[] {
  const items: TimelineItem[] = [
    ...rows.map((row) => ({ kind: 'row' as const, at: Date.parse(row.step.at), row })),
    ...detail.events.map((event) => ({ kind: 'event' as const, at: Date.parse(event.at), event })),
    ...detail.downloads.map((download) => ({ kind: 'download' as const, at: Date.parse(download.at), download })),
  ];
  return items.sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === 'row' ? -1 : 1));
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const timeOf = (iso: string) => new Date(iso).toISOString().slice(11, 19);

function StepItem({ row, selected }: { row: TimelineRow; selected: boolean }) {
  const { step } = row;
  const folded = row.seqs.length > 1;
  const dispatch = useAppDispatch();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // Scrolls the timeline only: scrollIntoView would move the whole page under the reader's eyes.
    const item = ref.current;
    const list = item?.closest('.support-timeline');
    if (!selected || !item || !(list instanceof HTMLElement)) return;
    const top = item.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 3;
  }, [selected]);
  return (
    <li ref={ref} className={`support-step support-step--${step.kind}${step.plumbing ? ' support-step--plumbing' : ''}${step.error ? ' support-step--error' : ''}`} aria-current={selected ? 'step' : undefined}>
      <button type="button" className="support-step__choose" onClick={() => dispatch(supportStepChosen(step.seq))}>
        <span className="support-step__time">{timeOf(step.at)}</span>
        <span className="support-step__seq">{folded ? `#${row.seqs[0]}–${step.seq}` : `#${step.seq}`}</span>
        <span className="support-step__label">{step.label}</span>
        {folded && <span className="support-step__count">{`in ${row.seqs.length} steps`}</span>}
        {step.changes.length > 0 && !selected && <span className="support-step__count">{plural(step.changes.length + step.moreChanges, 'change')}</span>}
      </button>
      {step.error && <p className="support-step__error">{step.error}</p>}
      {selected && step.changes.length > 0 && (
        <dl className="support-diff" aria-label={`State changed by step ${step.seq}`}>
          {step.changes.map((change) => (
            <div key={change.path} className="support-diff__row">
              <dt>{change.path}</dt>
              <dd>
                <del>{change.before}</del> <span aria-hidden="true">→</span> <ins>{change.after}</ins>
              </dd>
            </div>
          ))}
          {step.moreChanges > 0 && <p>{`and ${plural(step.moreChanges, 'more change')}`}</p>}
        </dl>
      )}
    </li>
  );
}

/** A server event in words; its type name is for "Show all". */
function EventItem({ event, showAll }: { event: SupportEvent; showAll: boolean }) {
  return (
    <li className="support-event">
      <span className="support-step__time">{timeOf(event.at)}</span>
      <span className="support-event__badge">Server</span>
      {showAll && <span className="support-event__type">{event.type}</span>}
      <span className="support-event__summary">{event.summary}</span>
    </li>
  );
}

function DownloadItem({ download }: { download: SupportDownload }) {
  return (
    <li className="support-event support-event--download">
      <span className="support-step__time">{timeOf(download.at)}</span>
      <span className="support-event__badge">Server</span>
      <span className="support-event__summary">{download.label}</span>
    </li>
  );
}

/** Who recorded the session: by name and email to a role that may open the buyer's page, else the account's number. */
function buyerFacts(detail: SupportSessionDetail, adminHref: (path: string) => string): [string, React.ReactNode][] {
  const { buyer, session } = detail;
  if (buyer) return [['Buyer', <Link key="buyer" href={adminHref(`/buyers/${buyer.id}`)}>{buyer.name}</Link>], ['Email', buyer.email]];
  if (session.userId === null) return [['Buyer', 'Guest']];
  return [['Buyer', session.imported ? `Account ${session.userId} of the machine it was exported from` : `Account ${session.userId} (its name is not shown to your role)`]];
}

const productsText = (ids: readonly number[]) => (ids.length === 0 ? 'Empty' : ids.map((id) => `#${id}`).join(', '));

/**
 * Both sides at the step; a disagreement is said in words and marked, since it is usually the bug.
 * What the browser has not heard yet (a request in flight) is said beside them, unmarked.
 */
function BothSides({ step }: { step: SupportStepView }) {
  const cartDiffers = step.mismatches.some((text) => text.includes('cart'));
  return (
    <section className="support-sides" aria-labelledby="support-sides-title">
      <h3 id="support-sides-title">{`Browser and server at step ${step.seq}`}</h3>
      {step.mismatches.length > 0 ? (
        <ul className="support-mismatches" aria-label="Mismatches">
          {step.mismatches.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : (
        <p className="support-agree">{step.inFlight.length > 0 ? 'The browser and the server agree on what the browser has heard.' : 'The browser and the server agree.'}</p>
      )}
      {step.inFlight.length > 0 && (
        <ul className="support-in-flight" aria-label="Not heard yet">
          {step.inFlight.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      <table className="support-sides__table">
        <caption className="visually-hidden">The cart and orders on each side</caption>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">Browser</th>
            <th scope="col">Server (events)</th>
          </tr>
        </thead>
        <tbody>
          <tr className={cartDiffers ? 'support-sides__mismatch' : undefined}>
            <th scope="row">Cart</th>
            <td>{`${productsText(step.browser.cart.productIds)}${step.browser.cart.total === null ? '' : ` · ${formatUsd(step.browser.cart.total)}`}`}</td>
            <td>{productsText(step.server.cart.productIds)}</td>
          </tr>
          <tr>
            <th scope="row">Order</th>
            <td>{step.browser.order ? `${step.browser.order.orderId.slice(0, 8)} ${step.browser.order.status} · ${formatUsd(step.browser.order.total)}` : 'None'}</td>
            <td>{step.server.orders.length === 0 ? 'None' : step.server.orders.map((order) => `${order.orderId.slice(0, 8)} ${order.status} · ${formatUsd(order.total)}`).join('; ')}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/** The storefront as the buyer saw it at the step, drawn by the server from the replayed state at the buyer's width. */
function ReplayedPage({ sessionId, seq, viewport }: { sessionId: string; seq: number; viewport: SupportSessionDetail['viewport'] }) {
  const column = useRef<HTMLDivElement>(null);
  const [columnWidth, setColumnWidth] = useState(FALLBACK_COLUMN_PX);
  useEffect(() => {
    const element = column.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setColumnWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = Math.min(1, columnWidth / viewport.width);
  return (
    <div ref={column} className="support-frame" style={{ height: Math.ceil(viewport.height * scale) }}>
      <iframe
        title={`The page as the buyer saw it at step ${seq}, ${viewport.width} px wide`}
        src={`${API_PREFIX}/support/sessions/${encodeURIComponent(sessionId)}/frame?at=${seq}`}
        // Same origin, so its styles load (they are same-origin resources); without allow-scripts nothing in it can run.
        sandbox="allow-same-origin"
        width={viewport.width}
        height={viewport.height}
        style={{ transform: `scale(${scale})` }}
      />
    </div>
  );
}

/**
 * Issue 12 "Watching it": one timeline of the browser's steps and the server's events, the page as
 * the buyer saw it at the chosen step, and both sides of the cart and order there. ← and → step,
 * E jumps to the next error; the address keeps the step (`?at=`), so a step is a link.
 */
export function SupportSessionPage() {
  const dispatch = useAppDispatch();
  const detail = useAppSelector(selectSupportSession);
  const at = useAppSelector(selectSupportAt);
  const step = useAppSelector(selectSupportStep);
  const stepError = useAppSelector(selectSupportStepError);
  const { search } = useAppSelector(selectLocation);
  const adminHref = useAdminHref();
  const showAll = new URLSearchParams(search).get(SHOW_ALL_PARAM) === '1';
  const rows = useMemo(() => (detail ? timelineRows(detail.steps, showAll) : []), [detail, showAll]);
  // Stepping goes row by row: a folded burst is one stop, at its last step.
  const seqs = rows.map((row) => row.step.seq);
  const current = rowOf(rows, at);
  // A step "Show all" would show (linked by its number) sits between the rows before and after it.
  const previousSeq = current ? seqs[rows.indexOf(current) - 1] : at === null ? undefined : seqs.findLast((seq) => seq < at);
  const nextSeq = current ? seqs[rows.indexOf(current) + 1] : at === null ? undefined : seqs.find((seq) => seq > at);
  const nextError = detail?.steps.find((candidate) => candidate.error !== null && (at === null || candidate.seq > at))?.seq ?? null;
  const choose = (seq: number | null | undefined) => seq !== null && seq !== undefined && dispatch(supportStepChosen(seq));
  const keys = useRef({ previous: () => {}, next: () => {}, error: () => {} });
  keys.current = { previous: () => choose(previousSeq), next: () => choose(nextSeq), error: () => choose(nextError) };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.altKey || event.ctrlKey || event.metaKey || target?.closest('input, textarea, select')) return;
      const action = { ArrowLeft: keys.current.previous, ArrowRight: keys.current.next, e: keys.current.error, E: keys.current.error }[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!detail) return null;
  const { session, viewport } = detail;
  const hiddenCount = detail.steps.length - rows.reduce((sum, row) => sum + row.seqs.length, 0);
  const { stopped } = detail;
  const replayText =
    detail.divergedAt !== null
      ? `Replay diverges from the recording at step ${detail.divergedAt}.`
      : `Replay matches the recording at every checkpoint${stopped ? ' it reached' : ''}.`;
  return (
    <>
      <article className="site-card admin-detail" aria-labelledby="support-session-title">
        <h2 id="support-session-title">{`Session ${session.id}`}</h2>
        <Facts
          facts={[
            ...buyerFacts(detail, adminHref),
            ['Started', formatDateTime(session.startedAt)],
            ['Duration', formatDuration(session.startedAt, session.lastSeenAt)],
            ['Pages seen', session.pageCount],
            ['Device width', `${viewport.width} px`],
            ['Failed requests', session.failedRequests],
            ['Errors', session.errorCount],
            ['Replay', replayText],
          ]}
        />
        {stopped && (
          <p className="admin-refused">{`The replay stopped ${stopped.after === null ? 'before its first step' : `after step ${stopped.after} of ${session.entryCount}`}: ${stopped.reason}. The steps after it are not shown.`}</p>
        )}
        {detail.missing.length > 0 && (
          <p className="admin-refused">{`The log lacks steps ${detail.missing.map((gap) => (gap.from === gap.to ? gap.from : `${gap.from}–${gap.to}`)).join(', ')}: the replay after them may differ.`}</p>
        )}
        <div className="admin-detail__actions">
          <a href={`${API_PREFIX}/support/sessions/${encodeURIComponent(session.id)}/export`} download>
            Export as JSON Lines
          </a>
        </div>
      </article>
      <div className="support-controls" role="toolbar" aria-label="Step through the session">
        <button type="button" onClick={keys.current.previous} disabled={previousSeq === undefined}>
          Previous step
        </button>
        <button type="button" onClick={keys.current.next} disabled={nextSeq === undefined}>
          Next step
        </button>
        <button type="button" onClick={keys.current.error} disabled={nextError === null}>
          Next error
        </button>
        <label className="support-controls__toggle">
          <input type="checkbox" checked={showAll} onChange={(event) => dispatch(supportShowAllChosen(event.target.checked))} />
          Show all steps
        </label>
        {!showAll && hiddenCount > 0 && <span className="support-controls__hint">{`${plural(hiddenCount, 'step')} of plumbing hidden`}</span>}
        <span className="support-controls__hint">Keys: ← → step, E next error</span>
      </div>
      <div className="support-layout">
        <section className="support-timeline" aria-labelledby="support-timeline-title">
          <h3 id="support-timeline-title">Timeline</h3>
          <ol>
            {timelineOf(detail, rows).map((item) =>
              item.kind === 'row' ? (
                <StepItem key={`step-${item.row.step.seq}`} row={item.row} selected={item.row === current} />
              ) : item.kind === 'event' ? (
                <EventItem key={`event-${item.event.position}`} event={item.event} showAll={showAll} />
              ) : (
                <DownloadItem key={`download-${item.download.id}`} download={item.download} />
              ),
            )}
          </ol>
        </section>
        <div className="support-moment">
          {at !== null && <ReplayedPage sessionId={session.id} seq={at} viewport={viewport} />}
          {step && <BothSides step={step} />}
          {stepError && <p className="admin-refused">{stepError}</p>}
        </div>
      </div>
      <section aria-labelledby="support-audit-title">
        <h3 id="support-audit-title" className="admin-section-title">Staff who opened this session</h3>
        <ul className="support-audits">
          {detail.audits.map((audit) => (
            <li key={`${audit.action}-${audit.at}-${audit.by}`}>{`${audit.action === 'viewed' ? 'Viewed' : 'Exported'} by user ${audit.by} at ${formatDateTime(audit.at)}`}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
