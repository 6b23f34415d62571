import type { LedgerEntry, Statement } from '../../../shared/schemas/earnings';
import { ENTRY_FIGURES, STATEMENT_FIGURES } from './StatementTables';

const dollars = (cents: number) => (cents / 100).toFixed(2);
/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled; a leading = + - @ is defused for spreadsheets. */
const field = (value: string) => {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const rows = (lines: string[][]) => `${lines.map((line) => line.map(field).join(',')).join('\r\n')}\r\n`;

/** The statements as the table shows them, its columns under the same names. */
export function statementsCsv(statements: readonly Statement[]): string {
  return rows([
    ['Month', 'Producer', ...STATEMENT_FIGURES.map(([label]) => label)],
    ...statements.map((s) => [s.month, s.producerName, ...STATEMENT_FIGURES.map(([, key]) => dollars(s[key]))]),
  ]);
}

export function entriesCsv(entries: readonly LedgerEntry[]): string {
  return rows([
    ['Date', 'Kind', 'Order', 'Description', ...ENTRY_FIGURES],
    ...entries.map((e) => [e.at, e.kind, e.orderId ?? '', e.description, ...[e.priceCents, e.discountCents, e.commissionCents, e.netCents].map(dollars)]),
  ]);
}

/** A download link's address for CSV text made in the page: no second call, the same figures as shown. */
export const csvHref = (csv: string) => `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
