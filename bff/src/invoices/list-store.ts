import { INVOICE_KINDS, INVOICE_STATUSES, invoicesList } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { billingScope } from '../billing/scope.js';
import type { Db } from '../db/schema.js';
import { timeText } from '../db/sql-day.js';
import { listSource } from '../lists/declare.js';
import { labelSql } from '../lists/rank.js';
import type { ListViewer } from '../lists/source.js';
import { by, inIds, options, userName } from '../lists/sql.js';
import { textSearchSql } from '../lists/text-search.js';
import { invoiceScopeSql } from './scope.js';

/**
 * The Invoices list (000 §2.4 'Invoices'; decisions.md "Invoices"): the invoices and credit notes of the practices
 * the viewer bills whole; an invoice a credit note cancels shows 'Credited'.
 */

const FROM = sql`invoices i
  join practices pr on pr.practice_id = i.practice_id
  join users u on u.user_id = i.issued_by
  left join invoices ref on ref.invoice_id = coalesce(i.credits_invoice_id, i.replaces_invoice_id)`;

const PERIOD = sql<string>`to_char(i.month, 'YYYY-MM')`;
const STATUS = sql<string>`case when exists (select 1 from invoices c where c.credits_invoice_id = i.invoice_id)
  then ${INVOICE_STATUSES.credited} else ${INVOICE_STATUSES.issued} end`;

/** The practices the viewer bills whole, and the months they have invoices for, newest first. */
async function filterOptions(db: Db, viewer: ListViewer) {
  const scope = invoiceScopeSql(await billingScope(db, viewer.auth), 'practice_id');
  return {
    practice: await options(
      db,
      sql`select practice_id as value, practice_name as label from practices where ${scope}
        order by lower(practice_name) collate "C", practice_id`,
    ),
    month: (
      await sql<{ month: string }>`select distinct to_char(month, 'YYYY-MM') as month from invoices
        where ${scope} order by month desc`.execute(db)
    ).rows.map((row) => ({ value: row.month, label: row.month })),
  };
}

export const invoicesSource = listSource(invoicesList, {
  prepare: (db, { viewer }) => billingScope(db, viewer.auth),
  from: FROM,
  scope: ({ prepared: scope }) => invoiceScopeSql(scope, 'i.practice_id'),
  id: 'i.invoice_id',
  select: () => ({
    invoice_id: sql`i.invoice_id`,
    number: sql`i.number`,
    kind: labelSql('i.kind', INVOICE_KINDS),
    practice_id: sql`i.practice_id`,
    practice_name: sql`pr.practice_name`,
    period: PERIOD,
    issued_at: timeText('i.issued_at'),
    issued_by: sql`coalesce(${userName('u')}, u.username)`,
    total: sql`i.total_cents / 100.0`,
    status: STATUS,
    reference: sql`ref.number`,
  }),
  sort: () => ({
    period: by(sql`i.month`),
    issued_at: by(sql`i.issued_at`),
    total: by(sql`i.total_cents`),
  }),
  where: {
    practice: { shows: 'practice_name', when: (practices) => inIds('i.practice_id', practices) },
    month: {
      shows: 'period',
      as: 'value',
      when: (months) => sql<SqlBool>`${PERIOD} = any(${[...months]}::text[])`,
    },
  },
  search: (text) => textSearchSql(text, sql<string>`i.number`),
  options: filterOptions,
});
