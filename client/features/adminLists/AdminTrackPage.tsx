import { selectAdminTrack } from '../../../shared/features/adminLists/adminListsSlice';
import { formatUsd } from '../../../shared/domain/money';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { formatDate } from '../sites/formatting';
import { Facts } from './AdminActions';
import { productStatusLabel } from './adminLabels';
import { useAdminHref } from './useAdminHref';

/** A track: its state, price and producer, its cover, and the order it sold to. */
export function AdminTrackPage() {
  const detail = useAppSelector(selectAdminTrack);
  const adminHref = useAdminHref();
  if (!detail) return null;
  const { track } = detail;
  return (
    <article className="site-card admin-detail admin-detail--track" aria-labelledby="admin-track-name">
      {detail.coverImageSrc && <img className="admin-detail__cover" src={detail.coverImageSrc} alt="" width={160} height={160} />}
      <div>
        <h2 id="admin-track-name">{track.name}</h2>
        <Facts
          facts={[
            ['Producer', <Link href={adminHref(`/producers/${track.producerId}`)}>{track.artistName ?? `Producer ${track.producerId}`}</Link>],
            ['Track id', track.id],
            ['State', productStatusLabel(track.status)],
            ['Price', formatUsd(track.price)],
            ['Added', formatDate(track.createdAt)],
            ...(track.soldOrderId ? ([['Sold in order', <Link href={adminHref(`/orders/${track.soldOrderId}`)}>{track.soldOrderId.slice(0, 8)}</Link>]] as const) : []),
            ...(track.status === 'listed' || track.status === 'sold' ? ([['In the shop', <Link href={`/product/${track.id}`}>Product page</Link>]] as const) : []),
          ]}
        />
      </div>
    </article>
  );
}
