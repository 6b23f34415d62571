import { selectAdminProducer } from '../../../shared/features/adminLists/adminListsSlice';
import { formatUsd } from '../../../shared/domain/money';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { formatDate } from '../sites/formatting';
import { AdminStatus, Facts } from './AdminActions';
import { AdminTable } from './AdminListSearch';
import { productStatusLabel } from './adminLabels';
import { BlockControl } from './BlockControl';
import { ModeratorControl } from './ModeratorControl';
import { useAdminHref } from './useAdminHref';

/** A producer: the profile, the account behind it with Block/Unblock and its roles, and every product in every state. */
export function AdminProducerPage() {
  const detail = useAppSelector(selectAdminProducer);
  const adminHref = useAdminHref();
  if (!detail) return null;
  const { producer, account, products } = detail;
  return (
    <>
      <AdminStatus />
      <article className="site-card admin-detail" aria-labelledby="admin-producer-name">
        <h2 id="admin-producer-name">{producer.artistName}</h2>
        <Facts
          facts={[
            ['Page', <Link href={`/${producer.shortName}`}>{`/${producer.shortName}`}</Link>],
            ['Producer id', producer.id],
            ['Followers', producer.followers],
            ...(account
              ? ([
                  ['Account', `${account.firstName} ${account.lastName}`],
                  ['Email', account.email],
                  ['Country', account.country],
                  ['Roles', account.roles.join(', ')],
                  ['State', account.blocked ? <span className="admin-badge admin-badge--blocked">Blocked</span> : 'Active'],
                ] as const)
              : ([['Account', 'None: a profile of the shop’s own catalogue']] as const)),
          ]}
        />
        {account && (
          <div className="admin-detail__actions">
            <BlockControl account={account} producer />
            <ModeratorControl account={account} />
            <a href={adminHref(`/support/sessions?userId=${account.id}`)}>Sessions of this producer</a>
          </div>
        )}
      </article>
      <h2 className="admin-section-title">Products</h2>
      {products.length === 0 ? (
        <p className="site-empty">No products yet.</p>
      ) : (
        <AdminTable caption="Products of this producer" head={['Product', 'Type', 'State', { label: 'Price', numeric: true }, 'Added']}>
          {products.map((product) => (
            <tr key={product.id}>
              <td>{product.productType === 'track' ? <Link href={adminHref(`/tracks/${product.id}`)}>{product.name}</Link> : product.name}</td>
              <td>{product.productType}</td>
              <td>{productStatusLabel(product.status)}</td>
              <td className="numeric">{formatUsd(product.price)}</td>
              <td>{formatDate(product.createdAt)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
