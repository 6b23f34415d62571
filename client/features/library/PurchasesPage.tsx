import { formatCents } from '../../../shared/domain/money';
import { orderMailRequested, selectOrderMail, selectPurchases } from '../../../shared/features/library/librarySlice';
import type { Purchase, PurchasedFile, PurchasedItem } from '../../../shared/schemas/library';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { formatDate, orderStatusLabel } from '../sites/formatting';
import { useSiteHref } from '../sites/useSiteHref';
import { SERVICES_PATH } from '../../../shared/domain/auth/userMenus';
import { CONTRACT_PREPARING, daysLeftWords, expiryReason, FILE_PREPARING, kindWords, paymentWords, REFUNDED_FILES } from './purchaseWords';

function ContractButton({ item }: { item: PurchasedItem }) {
  if (!item.contract) return null;
  if (!item.contract.url) {
    return (
      <button type="button" className="studio-button library-button" disabled>
        {CONTRACT_PREPARING}
      </button>
    );
  }
  return (
    <a className="studio-button library-button" href={item.contract.url} download aria-label={`Licence contract for ${item.name} (PDF)`}>
      Licence contract (PDF)
    </a>
  );
}

function FileRow({ file }: { file: PurchasedFile }) {
  return (
    <li className="library-file">
      <span className="library-file__name">
        <span className="library-file__kind">{kindWords(file.kind)}</span> {file.name}
      </span>
      {file.state === 'available' && (
        <>
          <span className="library-file__days">{daysLeftWords(file.daysLeft)}</span>
          <a className="studio-button library-button" href={file.url} download aria-label={`Download ${file.name}`}>
            Download
          </a>
        </>
      )}
      {file.state === 'preparing' && (
        <button type="button" className="studio-button library-button" disabled>
          {FILE_PREPARING}
        </button>
      )}
      {file.state === 'expired' && <span className="library-file__days">Expired</span>}
    </li>
  );
}

function MailAgain({ order }: { order: Purchase }) {
  const dispatch = useAppDispatch();
  const mail = useAppSelector((state) => selectOrderMail(state, order.id));
  return (
    <div className="library-mail">
      <button type="button" className="studio-button" disabled={mail?.status === 'sending'} onClick={() => dispatch(orderMailRequested(order.id))}>
        {mail?.status === 'sending' ? 'Sending…' : 'Send the mail again'}
      </button>
      <span role="status" className={mail?.status === 'failed' ? 'field__error' : 'library-mail__sent'}>
        {mail && mail.status !== 'sending' ? mail.message : ''}
      </span>
    </div>
  );
}

function Totals({ order }: { order: Purchase }) {
  return (
    <dl className="library-totals">
      <dt>Items</dt>
      <dd>{formatCents(order.itemsCents)}</dd>
      {order.discountCents > 0 && (
        <>
          <dt>Discount{order.coupon ? ` (coupon ${order.coupon})` : ''}</dt>
          <dd>−{formatCents(order.discountCents)}</dd>
        </>
      )}
      <dt>Service fee</dt>
      <dd>{formatCents(order.serviceFeeCents)}</dd>
      <dt className="library-totals__total">Total</dt>
      <dd className="library-totals__total">{formatCents(order.totalCents)}</dd>
      <dt>Paid with</dt>
      <dd>{paymentWords(order)}</dd>
    </dl>
  );
}

function OrderCard({ order }: { order: Purchase }) {
  const href = useSiteHref();
  const expired = order.files.length > 0 && order.files.every((file) => file.state === 'expired');
  const downloadable = order.status === 'paid' && order.files.some((file) => file.state !== 'expired');
  return (
    <li className="site-card library-order" aria-label={`Order of ${formatDate(order.placedAt)}`}>
      <header className="library-order__head">
        <span>
          <strong>{formatDate(order.placedAt)}</strong> <span className="library-order__id">Order {order.id}</span>
        </span>
        <span className="status-tag" data-status={order.status}>
          {orderStatusLabel(order.status)}
        </span>
      </header>
      {order.reason && order.status !== 'paid' && <p className="library-order__reason">{order.reason}</p>}
      <div className="library-order__body">
        <ul className="library-items">
          {order.items.map((item) => (
            <li key={item.productId} className="library-item">
              <span className="library-item__name">
                {item.productType === 'customservice' ? <Link href={href({ site: 'dashboard', path: `${SERVICES_PATH}/${order.id}` })}>{item.name}</Link> : item.name}
                {item.includeProjectFile && <span className="library-item__extra"> with project file</span>}
              </span>
              <span className="library-item__price">{formatCents(item.priceCents)}</span>
              <ContractButton item={item} />
            </li>
          ))}
        </ul>
        <Totals order={order} />
      </div>
      {order.files.length > 0 && (
        <section className="library-files" aria-label="Files">
          <h3>Files</h3>
          <ul className="library-file-list">
            {order.files.map((file) => (
              <FileRow key={`${file.productId}-${file.kind}`} file={file} />
            ))}
          </ul>
          {expired && (
            <p className="library-order__reason">
              {expiryReason(order.files[0]!.expiresAt)} <Link href="/terms-and-conditions">Terms &amp; Conditions</Link>, section 12.
            </p>
          )}
        </section>
      )}
      {order.status === 'refunded' && <p className="library-order__reason">{REFUNDED_FILES}</p>}
      {downloadable && <MailAgain order={order} />}
    </li>
  );
}

/** `My purchases`: every order of the member, newest first, with its files while the 180 days run and each beat's licence contract. */
export function PurchasesPage() {
  const orders = useAppSelector(selectPurchases);
  if (!orders) return null;
  if (orders.length === 0) {
    return (
      <p className="site-empty">
        No purchases yet. <Link href="/beats">Find a beat in the shop</Link>
      </p>
    );
  }
  return (
    <ul className="site-list library-orders">
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </ul>
  );
}
