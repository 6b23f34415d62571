/*
 * The one way the server writes CSV (RFC 4180): the analytics export, the admin Dashboard's
 * report, the EDM contacts list a buyer downloads.
 */

/** A value of a CSV cell: text, a number, or nothing. */
export type CsvCell = string | number | null;

/**
 * A cell as RFC 4180 writes it. Text a spreadsheet would run as a formula (a product named
 * `=HYPERLINK(…)`: producers name their beats) gets a leading apostrophe, as OWASP advises for
 * CSV injection; numbers are ours and written as they are.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A row's cells, without its line end. */
export const csvRow = (cells: readonly CsvCell[]) => cells.map(csvCell).join(',');

/** A line of cells; lines end in CRLF (RFC 4180). */
export const csvLine = (cells: readonly CsvCell[]) => `${csvRow(cells)}\r\n`;
