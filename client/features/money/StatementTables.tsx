import { MONEY_FIGURES } from '../../../shared/domain/moneyFigures';
import { formatCents } from '../../../shared/domain/money';
import type { LedgerEntry, Statement } from '../../../shared/schemas/earnings';
import { Link } from '../navigation/Link';
import { formatDate } from '../sites/formatting';

export const monthLabel = (month: string) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

const { salesAfterCoupons, refundsAfterCoupons, commission, earned, listPrice, couponShare } = MONEY_FIGURES;

/** A statement's figures in their columns' order, named as everywhere else (the CSV too). */
export const STATEMENT_FIGURES = [
  ['Opening', 'openingCents'],
  [salesAfterCoupons, 'salesCents'],
  [refundsAfterCoupons, 'refundsCents'],
  [commission, 'commissionCents'],
  [earned, 'netCents'],
  ['Payouts', 'payoutsCents'],
  ['Closing', 'closingCents'],
] as const;

/** Statements month by month; `detailHref` links each to its entries; `showProducer` for the admin's list of every producer. */
export function StatementTable({ statements, detailHref, showProducer }: { statements: readonly Statement[]; detailHref?: (statement: Statement) => string; showProducer: boolean }) {
  return (
    <div className="site-table-wrap">
      <table className="site-table money-table">
        <thead>
          <tr>
            <th scope="col">Month</th>
            {showProducer && <th scope="col">Producer</th>}
            {STATEMENT_FIGURES.map(([label]) => (
              <th key={label} scope="col" className="numeric">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {statements.map((statement) => (
            <tr key={`${statement.producerId}-${statement.month}`}>
              <th scope="row">{detailHref ? <Link href={detailHref(statement)}>{monthLabel(statement.month)}</Link> : monthLabel(statement.month)}</th>
              {showProducer && <td>{statement.producerName}</td>}
              {STATEMENT_FIGURES.map(([label, key]) => (
                <td key={label} className="numeric">
                  {formatCents(statement[key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A ledger entry's money columns, as the entries' CSV names them too. The last is what the entry
 * did to the balance: a sale's earnings, a refund taking them back, a payout.
 */
export const ENTRY_FIGURES = [listPrice, couponShare, commission, 'Balance change'] as const;

const KIND_LABELS = { sale: 'Sale', refund: 'Refund', payout: 'Payout' } as const;

/** A statement's entries: each sale line with its coupon share and the shop's commission, refunds reversed, payouts with their reference. */
export function EntryTable({ entries }: { entries: readonly LedgerEntry[] }) {
  return (
    <div className="site-table-wrap">
      <table className="site-table money-table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Entry</th>
            <th scope="col">Beat or reference</th>
            {ENTRY_FIGURES.map((label) => (
              <th key={label} scope="col" className="numeric">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <tr key={`${entry.kind}-${entry.orderId ?? ''}-${index}`}>
              <td>{formatDate(entry.at)}</td>
              <td>
                <span className="status-tag" data-status={entry.kind === 'sale' ? 'paid' : entry.kind === 'refund' ? 'refunded' : 'pending'}>
                  {KIND_LABELS[entry.kind]}
                </span>
              </td>
              <td>{entry.description}</td>
              <td className="numeric">{entry.kind === 'payout' ? '' : formatCents(entry.priceCents)}</td>
              <td className="numeric">{entry.kind === 'payout' ? '' : formatCents(entry.discountCents)}</td>
              <td className="numeric">{entry.kind === 'payout' ? '' : formatCents(entry.commissionCents)}</td>
              <td className="numeric">{formatCents(entry.netCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
