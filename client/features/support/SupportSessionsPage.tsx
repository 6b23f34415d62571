import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
import { selectSupportRefusedSearch, selectSupportSearch } from '../../../shared/features/support/supportSlice';
import type { SupportBuyer, SupportSessionRow } from '../../../shared/schemas/support';
import { useAppSelector } from '../../store/hooks';
import { AdminListSearch, AdminTable, type SearchField } from '../adminLists/AdminListSearch';
import { useAdminHref } from '../adminLists/useAdminHref';
import { Link } from '../navigation/Link';
import { formatDateTime } from '../sites/formatting';
import { SessionImport } from './SessionImport';

const FIELDS: readonly SearchField[] = [
  { name: 'email', label: 'Email', kind: 'text', placeholder: 'buyer@example.com' },
  { name: 'userId', label: 'User id', kind: 'text', placeholder: '12' },
  { name: 'orderId', label: 'Order id', kind: 'text', placeholder: 'The whole order id' },
  { name: 'sessionId', label: 'Session or tracking id', kind: 'text', placeholder: 'From X-Tracking-Id or a link' },
  { name: 'from', label: 'Active from', kind: 'date' },
  { name: 'to', label: 'Active until', kind: 'date' },
  { name: 'type', label: 'Action type', kind: 'text', placeholder: 'cart/couponApplied' },
  { name: 'hadError', label: 'Had an error', kind: 'select', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] },
];

/** "1 h 4 min", "3 min", "40 s": how long the tab was sending its log. */
export function formatDuration(fromIso: string, toIso: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Who recorded it: the account by name and email where the staff member's role may know them, else its number. */
function accountText(session: SupportSessionRow, buyer: SupportBuyer | undefined): string {
  if (session.userId === null) return 'Guest';
  return buyer ? `${buyer.name} (${buyer.email})` : `Account ${session.userId}`;
}

function SessionRow({ session, buyer }: { session: SupportSessionRow; buyer: SupportBuyer | undefined }) {
  const adminHref = useAdminHref();
  return (
    <tr>
      <td>
        <Link href={adminHref(`/support/sessions/${session.id}`)} aria-label={`Session ${session.id}`}>
          <code>{session.id.slice(0, 10)}</code>
        </Link>
        {session.imported && <span className="admin-badge">Imported</span>}
      </td>
      <td>{formatDateTime(session.startedAt)}</td>
      <td>{formatDuration(session.startedAt, session.lastSeenAt)}</td>
      <td className="numeric">{session.pageCount}</td>
      <td className="numeric">{session.viewportWidth === null ? '—' : `${session.viewportWidth} px`}</td>
      <td className="numeric">{session.failedRequests}</td>
      <td className="numeric">{session.errorCount}</td>
      <td>{accountText(session, buyer)}</td>
    </tr>
  );
}

/**
 * Issue 12 "Finding the session": recorded browser sessions by who, when, what they did and
 * whether something went wrong, newest activity first.
 */
export function SupportSessionsPage() {
  const answer = useAppSelector(selectSupportSearch);
  const refused = useAppSelector(selectSupportRefusedSearch);
  const { pathname, search } = useAppSelector(selectLocation);
  const pageHref = (page: number) => {
    const query = new URLSearchParams(search);
    if (page === 1) query.delete('page');
    else query.set('page', String(page));
    const text = query.toString();
    return `${pathname}${text ? `?${text}` : ''}`;
  };
  return (
    <>
      <AdminListSearch label="Search sessions" fields={FIELDS} refused={refused} />
      {answer &&
        (answer.sessions.length === 0 ? (
          <p className="site-empty">No recorded session matches this search.</p>
        ) : (
          <>
            <AdminTable
              caption="Recorded sessions"
              wide
              head={['Session', 'Started', 'Duration', { label: 'Pages', numeric: true }, { label: 'Width', numeric: true }, { label: 'Failed requests', numeric: true }, { label: 'Errors', numeric: true }, 'Account']}
            >
              {answer.sessions.map((session) => (
                <SessionRow key={session.id} session={session} buyer={answer.buyers.find((buyer) => buyer.id === session.userId && !session.imported)} />
              ))}
            </AdminTable>
            <nav className="admin-pager" aria-label="Pages">
              <span>{`${answer.sessions.length} session${answer.sessions.length === 1 ? '' : 's'} on page ${answer.page}`}</span>
              {answer.page > 1 && <Link href={pageHref(answer.page - 1)}>Previous page</Link>}
              {answer.more && <Link href={pageHref(answer.page + 1)}>Next page</Link>}
            </nav>
          </>
        ))}
      <SessionImport />
    </>
  );
}
