import { selectStatement, selectStatements } from '../../../shared/features/money/moneySlice';
import { formatCents } from '../../../shared/domain/money';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { FigureCards } from '../sites/FigureCards';
import { useSiteHref } from '../sites/useSiteHref';
import { csvHref, entriesCsv, statementsCsv } from './statementCsv';
import { EntryTable, monthLabel, STATEMENT_FIGURES, StatementTable } from './StatementTables';

/** `Reports (statements)`: every producer's statement per month, newest first, each opening its entries; as CSV too. */
export function StatementsPage() {
  const statements = useAppSelector(selectStatements);
  const href = useSiteHref();
  if (!statements) return null;
  if (statements.length === 0) return <p className="site-empty">No sales yet, so no statements.</p>;
  return (
    <>
      <p>
        <a className="money-download" href={csvHref(statementsCsv(statements))} download="beatcrate-statements.csv">
          Download CSV
        </a>
      </p>
      <StatementTable statements={statements} showProducer detailHref={(statement) => href({ site: 'admin', path: `/statements/${statement.producerId}/${statement.month}` })} />
    </>
  );
}

/** One producer's statement for one month: the figures, then every entry. */
export function StatementPage() {
  const detail = useAppSelector(selectStatement);
  const href = useSiteHref();
  if (!detail) return null;
  const { statement, entries } = detail;
  return (
    <>
      <p>
        <Link href={href({ site: 'admin', path: '/statements' })}>All statements</Link>
      </p>
      <h2>
        {statement.producerName}, {monthLabel(statement.month)}
      </h2>
      <FigureCards figures={STATEMENT_FIGURES.map(([label, key]) => ({ label, value: formatCents(statement[key]) }))} />
      <section aria-labelledby="statement-entries">
        <h2 id="statement-entries">Entries</h2>
        <p>
          <a className="money-download" href={csvHref(entriesCsv(entries))} download={`beatcrate-${statement.producerId}-${statement.month}.csv`}>
            Download CSV
          </a>
        </p>
        <EntryTable entries={entries} />
      </section>
    </>
  );
}
