import { selectAdminList } from '../../../shared/features/adminLists/adminListsSlice';
import { formatUsd } from '../../../shared/domain/money';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { formatDate } from '../sites/formatting';
import { useAdminHref } from './useAdminHref';
import { AdminListSearch, AdminPager, AdminTable } from './AdminListSearch';
import { PRODUCT_STATUS_OPTIONS, productStatusLabel } from './adminLabels';

/** `All tracks`: every beat in every state, newest first, by name, producer, id and state. */
export function AdminTracksPage() {
  const list = useAppSelector((state) => selectAdminList(state, 'tracks'));
  const adminHref = useAdminHref();
  return (
    <>
      <AdminListSearch
        label="Search tracks"
        fields={[
          { name: 'q', label: 'Name, producer or id', kind: 'text', placeholder: 'Night Drive' },
          { name: 'status', label: 'State', kind: 'select', options: PRODUCT_STATUS_OPTIONS },
        ]}
      />
      {list &&
        (list.rows.length === 0 ? (
          <p className="site-empty">No track matches this search.</p>
        ) : (
          <AdminTable wide caption="Tracks" head={['Track', 'Producer', 'State', { label: 'Price', numeric: true }, 'Added']}>
            {list.rows.map((track) => (
              <tr key={track.id}>
                <td>
                  <Link href={adminHref(`/tracks/${track.id}`)}>{track.name}</Link>
                </td>
                <td>{track.artistName ? <Link href={adminHref(`/producers/${track.producerId}`)}>{track.artistName}</Link> : `Producer ${track.producerId}`}</td>
                <td>{productStatusLabel(track.status)}</td>
                <td className="numeric">{formatUsd(track.price)}</td>
                <td>{formatDate(track.createdAt)}</td>
              </tr>
            ))}
          </AdminTable>
        ))}
      {list && <AdminPager total={list.total} page={list.page} pageSize={list.pageSize} noun="track" />}
    </>
  );
}
