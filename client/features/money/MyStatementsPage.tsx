import { formatCents } from '../../../shared/domain/money';
import { selectMyEarnings } from '../../../shared/features/money/moneySlice';
import { useAppSelector } from '../../store/hooks';
import { FigureCards } from '../sites/FigureCards';
import { csvHref, statementsCsv } from './statementCsv';
import { StatementTable } from './StatementTables';

/** The producer's own statements (`/statements` on the dashboard site): the balance, then month by month. */
export function MyStatementsPage() {
  const earnings = useAppSelector(selectMyEarnings);
  if (!earnings) return null;
  return (
    <>
      <FigureCards figures={[{ label: 'Balance', value: formatCents(earnings.balanceCents) }]} />
      <section aria-labelledby="my-statements">
        <h2 id="my-statements">Monthly statements</h2>
        {earnings.statements.length === 0 ? (
          <p className="site-empty">No sales yet. Your statements appear here after your first sale.</p>
        ) : (
          <>
            <p>
              <a className="money-download" href={csvHref(statementsCsv(earnings.statements))} download="beatcrate-my-statements.csv">
                Download CSV
              </a>
            </p>
            <StatementTable statements={earnings.statements} showProducer={false} />
          </>
        )}
      </section>
    </>
  );
}
