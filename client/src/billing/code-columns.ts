import { BILLING_CODE_COLUMNS, type BillingCodeField, type BillingRow } from '@rpm/shared';

/** The row field under each code column name of 001 §3, from the shared column table the server answers with. */
const CODE_FIELDS: ReadonlyMap<string, BillingCodeField> = new Map(
  BILLING_CODE_COLUMNS.map((column) => [column.name, column.field]),
);

/**
 * The code a row bills under the server-supplied column `column` (001 §2.1 "code columns supplied by the
 * server"), '' when it bills none. The server names the columns (001 §3: 'Setup', '{N} Days Readings',
 * 'RPM Time-20/40/60 mins'); a name we do not know (a newer server) shows '' rather than a wrong code.
 */
export function codeCell(row: BillingRow, column: string): string {
  const field = CODE_FIELDS.get(column);
  return field === undefined ? '' : (row[field] ?? '');
}
