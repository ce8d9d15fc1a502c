import { getTableColumns, type InferSelectModel, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * For the few hot statements written as SQL text (a query builder's build costs more CPU than the
 * database's work on a busy write path): a table's columns as SQL, and a row of that table as
 * drizzle would return it, decoded by each column's own mapping (timestamps to Date, …). Both come
 * from the table's definition, so a new column needs no change here.
 */
export function tableRows<T extends PgTable>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  const list = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '));
  return {
    /** `"id", "payment_no", …`: for `returning` and `select`. */
    columns: list as SQL,
    /** A raw row (column names as keys) as the table's select model. */
    decode(raw: Record<string, unknown>): InferSelectModel<T> {
      const row: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = raw[column.name];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row as InferSelectModel<T>;
    },
  };
}
