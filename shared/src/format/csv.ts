/**
 * CSV for spreadsheets: RFC 4180 quoting, CRLF line ends and a UTF-8 byte order mark so Excel
 * opens Chinese text correctly. Cells that a spreadsheet would run as a formula are neutralised.
 */

export type CsvCell = string | number | null;

const BOM = '\uFEFF';
/** A cell starting with one of these is read as a formula by Excel, LibreOffice and Sheets (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Numbers written as text ('-12.5', '+3', '1e5') stay numbers: they are no formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: empty for null, a leading apostrophe before a formula, quoted when it has to be. */
export function csvCell(value: CsvCell | undefined): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: BOM, header line, one line per row, each line ended by CRLF. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  const line = (cells: readonly (CsvCell | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;
  return BOM + line(header) + rows.map(line).join('');
}
