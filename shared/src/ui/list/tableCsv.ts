import type { CsvCell } from '../../format/csv.ts';
import type { ExportFile } from './useFileExport.ts';

/** The CSV export of a table: its header, then each row's cells in column order. */
export function tableCsv<T, C extends string>(
  name: string,
  columns: readonly C[],
  header: string[],
  rows: readonly T[],
  cellsOf: (row: T) => Record<C, CsvCell>,
): ExportFile {
  return {
    kind: 'csv',
    name,
    header,
    rows: rows.map((row) => {
      const cells = cellsOf(row);
      return columns.map((c) => cells[c]);
    }),
  };
}
