import { useEffect } from 'react';
import { formatCents } from '../../../shared/domain/money';
import { effectiveRole } from '../../../shared/domain/auth/roles';
import { selectUser } from '../../../shared/features/auth/authSlice';
import { myEarningsRequested, selectMyEarnings } from '../../../shared/features/money/moneySlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { useSiteHref } from '../sites/useSiteHref';
import { monthLabel } from './StatementTables';

/**
 * A producer's balance on their Dashboard home, with this month's net and the way to their
 * statements. Its figures are fetched once the home is shown (the home's own preload stays the buyers').
 */
export function ProducerBalanceSection() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const earnings = useAppSelector(selectMyEarnings);
  const href = useSiteHref();
  const isProducer = user !== null && effectiveRole(user.roles) === 'producer';
  useEffect(() => {
    if (isProducer) dispatch(myEarningsRequested());
  }, [dispatch, isProducer]);
  if (!isProducer) return null;
  const latest = earnings?.statements[0] ?? null;
  return (
    <section aria-labelledby="producer-balance">
      <h2 id="producer-balance">Balance</h2>
      {earnings === null ? (
        <p className="site-empty">Loading your balance…</p>
      ) : (
        <div className="site-card money-balance">
          <p className="money-balance__amount">{formatCents(earnings.balanceCents)}</p>
          <p className="muted">{latest ? `${monthLabel(latest.month)}: ${formatCents(latest.netCents)} earned after commission and refunds.` : 'Your earnings from sales are added here.'}</p>
          <Link href={href({ site: 'dashboard', path: '/statements' })}>Statements</Link>
        </div>
      )}
    </section>
  );
}
