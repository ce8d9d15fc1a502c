import type { ReactNode } from 'react';
import type { ListColumn } from './ResponsiveTable.tsx';

/**
 * The on-screen columns of a table whose texts are its CSV's (see tableCsv): `column(key, cell, more)`
 * is the column `key`, labelled with its header, whose cell is drawn from the row and the row's texts.
 */
export function tableColumns<T, C extends string, V>(
  columns: readonly C[],
  header: readonly string[],
  cellsOf: (row: T) => Record<C, V>,
) {
  return (key: C, cell: (row: T, cells: Record<C, V>) => ReactNode, more: Partial<ListColumn<T>> = {}): ListColumn<T> => ({
    key,
    label: header[columns.indexOf(key)],
    cell: (row) => cell(row, cellsOf(row)),
    ...more,
  });
}
