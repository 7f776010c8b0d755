import type { BillingRow } from '@rpm/shared';

/**
 * The code a row bills under the server-supplied column `column` (001 §2.1 "code columns supplied by the
 * server"), '' when it bills none: the server answers each row's cells by column name.
 */
export function codeCell(row: BillingRow, column: string): string {
  return row.codes[column] ?? '';
}
